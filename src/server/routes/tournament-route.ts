import type { APIContext } from 'astro';
import { services } from '../app';
import type { Services } from '../context';
import { idParam } from './http';

/** The running arcade and the tournament id a route names (400 unless a positive whole number). */
export async function tournamentRoute(context: Pick<APIContext, 'params'>): Promise<{ app: Services; id: number }> {
  const id = idParam(context.params.id, 'tournament id');
  return { app: await services(), id };
}

/** Largest admin tournament payload: the report's Markdown may be long (100,000 characters). */
export const TOURNAMENT_FORM_MAX_BYTES = 512 * 1024;
