import type { APIRoute } from 'astro';
import { lightningAddressRequestSchema } from '~/lib/schemas/account';
import { services } from '~/server/app';
import { setLightningAddress } from '~/server/auth/accounts';
import { requireUser } from '~/server/auth/locals';
import { handle, json, methodNotAllowed, readJson } from '~/server/routes/http';

export const prerender = false;

/** Where the player takes Lightning payments for prizes (Account Settings); null or '' removes it. */
export const PUT: APIRoute = ({ locals, request }) =>
  handle(async () => {
    const app = await services();
    const user = requireUser(locals);
    const { lightningAddress } = await readJson(request, lightningAddressRequestSchema);
    const updated = await setLightningAddress(app.db, user.id, lightningAddress || null);
    return json({
      lightningAddress: updated.lightning_address,
      message: updated.lightning_address
        ? `Prizes can now be paid to ${updated.lightning_address}.`
        : 'Your Lightning Address was removed.',
    });
  });

export const ALL = methodNotAllowed('PUT');
