import type { APIContext } from 'astro';
import type { User } from '~/lib/schemas/user';
import { clientAddress } from '../shared/client-address';
import { signInBrowser } from './cookies';
import type { Config } from '../shared/config';
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

/**
 * The client's address (from the right of `X-Forwarded-For`, as many hops as `TRUST_PROXY`
 * trusts) and reported country.
 */
export function requesterOf(context: APIContext, config: Config): Requester {
  let socket: string;
  try {
    socket = context.clientAddress;
  } catch {
    socket = 'unknown';
  }
  const ip = clientAddress(context.request.headers.get('x-forwarded-for'), socket, config.trustProxy);
  return {
    ip,
    country: context.request.headers.get(config.countryHeader) ?? '',
    browser: signInBrowser(context.cookies, config.siteUrl),
  };
}
