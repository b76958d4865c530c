export * from './endpoint.ts';
export * from './endpoints.ts';
export * from './params.ts';
export * from './routes.ts';
export * from './openapi.ts';
export * from './request.ts';
