import type { IncomingMessage, ServerResponse } from "node:http";

export const PAGE_METHODS: string;

export const ONE_CLICK_UNSUBSCRIBE_PAGE: RegExp;

export interface Refusal {
  status: 400 | 405;
  message: string;
  allow?: string;
}

export interface CompiledRoute {
  pattern: string;
  regex: RegExp;
  methods: ReadonlySet<string>;
  allow: string;
}

export interface GuardRules {
  routes: CompiledRoute[];
  /** Refuse a route-handler method an API route does not export (off in development, where routes change under a running server). */
  checkRouteMethods: boolean;
}

export function compileRoutes(table: Record<string, string[]>): CompiledRoute[];

export function refusalFor(method: string, url: string, rules: GuardRules): Refusal | null;

export function refuseBadRequest(request: IncomingMessage, response: ServerResponse, rules: GuardRules): boolean;
