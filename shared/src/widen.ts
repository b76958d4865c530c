/** A literal catalogue widened to its shape: any string where English has one, functions alike (each language's catalogue is typed with it). */
export type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widen<R>
    : { readonly [K in keyof T]: Widen<T[K]> };
