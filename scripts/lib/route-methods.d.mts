export const ROUTE_HANDLER_METHODS: readonly string[];

export function methodsOfRouteSource(source: string): string[];

export function apiRouteMethods(root?: string): Record<string, string[]>;
