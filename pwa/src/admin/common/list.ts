/**
 * Lists arrive either bare or wrapped in one property (`{ venues: [...] }`); screens want the array.
 */
export function asList<T>(answer: unknown, key: string): T[] {
  if (Array.isArray(answer)) return answer as T[];
  if (answer && typeof answer === 'object') {
    const value = (answer as Record<string, unknown>)[key];
    if (Array.isArray(value)) return value as T[];
  }
  return [];
}
