// Path parameters as they arrive: text. A database id is 1 to 15 digits without a leading zero;
// anything else names no row, and the server answers the endpoint's 404.
import { z } from 'zod';

export const idParam = z
  .string()
  .regex(/^[1-9][0-9]{0,14}$/)
  .transform(Number)
  .meta({ description: 'A database id (positive whole number)' });

export const idParams = z.object({ id: idParam });
