import type { APIContext } from 'astro';
import type { User } from '../../lib/schemas/user';
import type { Config } from '../config';
import type { UserRow } from '../db/schema';
import type { Requester } from './accounts';

/** The user as the API shows them to themselves. */
export function userView(user: UserRow, config: Config): User {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    isAdmin: config.adminUserIds.has(user.id),
    avatarImage: null,
  };
}

/** The client's address (the proxy's `X-Forwarded-For` only when trusted) and reported country. */
export function requesterOf(context: APIContext, config: Config): Requester {
  let ip = '';
  if (config.trustProxy) ip = context.request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ?? '';
  if (!ip) {
    try {
      ip = context.clientAddress;
    } catch {
      ip = 'unknown';
    }
  }
  return { ip, country: context.request.headers.get(config.countryHeader) ?? '' };
}
