// `npm run openapi`: writes docs/openapi.json from the shared endpoint definitions. The tests fail
// while the committed copy differs from what the definitions generate.
import { writeFileSync } from 'node:fs';
import { openApiDocument, OPENAPI_COPY } from '../sync-server/src/api-docs/routes.ts';

writeFileSync(OPENAPI_COPY, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
console.log(`wrote ${OPENAPI_COPY}`);
