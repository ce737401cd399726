import type { APIContext, AstroCookies, MiddlewareHandler } from 'astro';
import type { Services } from '~/server/context';

/** A cookie jar that records what a step set or deleted. */
export interface RecordingCookies {
  values: Map<string, string>;
  set: Map<string, { value: string; options: unknown }>;
  deleted: string[];
}

export interface StepRequest {
  method?: string;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  prerendered?: boolean;
  user?: App.Locals['user'];
  /** What the next step answers (default: 200 "next"). */
  answer?: () => Response;
}

export interface StepResult {
  response: Response;
  /** True when the step passed the request on to the next one. */
  passed: boolean;
  locals: App.Locals;
  cookies: RecordingCookies;
}

const ORIGIN = 'http://arcade.test';

/**
 * Run one middleware step alone on a request to `path` (on the test origin), with a next step that
 * answers 200 "next" (or `request.answer()`).
 */
export async function runStep(step: MiddlewareHandler, path: string, request: StepRequest = {}): Promise<StepResult> {
  const url = new URL(path, ORIGIN);
  const jar: RecordingCookies = { values: new Map(Object.entries(request.cookies ?? {})), set: new Map(), deleted: [] };
  const cookies = {
    get: (name: string) => (jar.values.has(name) ? { value: jar.values.get(name)! } : undefined),
    has: (name: string) => jar.values.has(name),
    set: (name: string, value: string, options: unknown) => void jar.set.set(name, { value, options }),
    delete: (name: string) => void jar.deleted.push(name),
  } as unknown as AstroCookies;
  const locals = { user: request.user ?? null, sessionToken: null, sessionRef: null } as App.Locals;
  const context = {
    request: new Request(url, { method: request.method ?? 'GET', headers: request.headers }),
    url,
    cookies,
    locals,
    isPrerendered: request.prerendered ?? false,
    redirect: (location: string, status = 302) => new Response(null, { status, headers: { location } }),
  } as unknown as APIContext;
  let passed = false;
  const response = await step(context, async () => {
    passed = true;
    return request.answer ? request.answer() : new Response('next', { status: 200 });
  });
  if (!(response instanceof Response)) throw new Error('the step answered nothing');
  return { response, passed, locals, cookies: jar };
}

/** Services for steps that only read settings: the site's origin and the admins. */
export function settingsOnly(adminUserIds: number[] = [1]): () => Promise<Services> {
  const app = { config: { siteUrl: ORIGIN, adminUserIds: new Set(adminUserIds) } } as unknown as Services;
  return async () => app;
}
