import { plural } from '~/lib/format';
import { MAGIC_LINK_MINUTES } from '~/lib/schemas/auth';
import type { Mail } from './mailer';

/** How long a sign-in link and its code work, in words. */
const LINK_LIFETIME = plural(MAGIC_LINK_MINUTES, 'minute');

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(productName: string, heading: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="margin:0;background:#120e2e;font-family:Arial,Helvetica,sans-serif;color:#f4f1ff">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#0d0a24;border:2px solid #241b5c;border-radius:8px" cellpadding="0" cellspacing="0">
<tr><td style="padding:28px 28px 8px"><p style="margin:0;color:#f7931a;font-weight:bold;font-size:20px;letter-spacing:1px">${escape(productName)}</p>
<h1 style="margin:16px 0 0;font-size:22px;color:#f4f1ff">${escape(heading)}</h1></td></tr>
<tr><td style="padding:8px 28px 28px;font-size:16px;line-height:1.5">${bodyHtml}</td></tr></table>
</td></tr></table></body></html>`;
}

function button(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escape(href)}" style="display:inline-block;background:#f7931a;color:#1a0d00;text-decoration:none;font-weight:bold;padding:14px 22px;border-radius:4px">${escape(label)}</a></p>`;
}

export interface SignInMailInput {
  productName: string;
  to: string;
  username: string;
  link: string;
  code: string;
  /** True when the mail answers a sign-up with an address that already has an account. */
  alreadyRegistered?: boolean;
  /** True for the first mail after creating the account. */
  welcome?: boolean;
}

/** The magic-link mail: the link, the one-time code and the 15-minute expiry. */
export function signInMail(input: SignInMailInput): Mail {
  const { productName, username, link, code } = input;
  const intro = input.welcome
    ? `Welcome to ${productName}, ${username}! Your account is ready.`
    : input.alreadyRegistered
      ? `Someone (hopefully you) tried to create a new ${productName} account with this address. You already have one, ${username}, so here is a sign-in link instead.`
      : `Hi ${username}, here is your sign-in link for ${productName}.`;
  const text = [
    intro,
    '',
    'Sign in with this link:',
    link,
    '',
    `Or enter this code in the sign-in window: ${code}`,
    '',
    `The link and the code expire in ${LINK_LIFETIME} and work only once.`,
    "If you didn't ask for this, you can ignore this email.",
  ].join('\n');
  const html = layout(
    productName,
    input.welcome ? 'Your account is ready' : 'Your sign-in link',
    `<p style="margin:0">${escape(intro)}</p>${button(link, 'Sign in to the arcade')}
<p style="margin:0">Or enter this code in the sign-in window:</p>
<p style="margin:8px 0 20px;font-size:30px;font-weight:bold;letter-spacing:8px;color:#39ff88">${escape(code)}</p>
<p style="margin:0;color:#b8b2d9;font-size:14px">The link and the code expire in ${LINK_LIFETIME} and work only once. If you didn't ask for this, you can ignore this email.</p>
<p style="margin:16px 0 0;color:#b8b2d9;font-size:12px;word-break:break-all">${escape(link)}</p>`,
  );
  return {
    to: input.to,
    subject: input.welcome ? `Welcome to ${productName}: your sign-in link` : `Your ${productName} sign-in link`,
    text,
    html,
  };
}

/** The answer to a sign-in request for an address without an account. */
export function noAccountMail(productName: string, to: string, siteUrl: string): Mail {
  const text = [
    `Someone (hopefully you) asked to sign in to ${productName} with this address, but there is no account for it yet.`,
    '',
    `Create one in a few seconds at ${siteUrl}/ (press CREATE ACCOUNT).`,
    '',
    "If you didn't ask for this, you can ignore this email.",
  ].join('\n');
  const html = layout(
    productName,
    'No account yet',
    `<p style="margin:0">Someone (hopefully you) asked to sign in to ${escape(productName)} with this address, but there is no account for it yet.</p>${button(`${siteUrl}/`, 'Create an account')}
<p style="margin:0;color:#b8b2d9;font-size:14px">If you didn't ask for this, you can ignore this email.</p>`,
  );
  return { to, subject: `Sign in to ${productName}: no account yet`, text, html };
}

/**
 * The answer to a sign-in (or sign-up) request for a banned account's address: no link, the
 * account is suspended. The request itself is answered as every other one is, so the page tells
 * nobody but the mailbox's owner (README, "Player management").
 */
export function suspendedMail(productName: string, to: string, username: string): Mail {
  const text = [
    `Hi ${username}, someone (hopefully you) asked to sign in to ${productName} with this address.`,
    '',
    'This account is suspended: it cannot sign in while the suspension holds.',
    '',
    "If you didn't ask for this, you can ignore this email.",
  ].join('\n');
  const html = layout(
    productName,
    'This account is suspended',
    `<p style="margin:0">Hi ${escape(username)}, someone (hopefully you) asked to sign in to ${escape(productName)} with this address.</p>
<p style="margin:16px 0">This account is suspended: it cannot sign in while the suspension holds.</p>
<p style="margin:0;color:#b8b2d9;font-size:14px">If you didn't ask for this, you can ignore this email.</p>`,
  );
  return { to, subject: `${productName}: this account is suspended`, text, html };
}

export interface NewGameMailInput {
  productName: string;
  to: string;
  username: string;
  gameName: string;
  description: string;
  /** The game's detail page, absolute. */
  gameLink: string;
  /** The one-click unsubscribe page, absolute. */
  unsubscribeLink: string;
}

/**
 * The new-game announcement, to a player who asked for it (README, "New-game mails"): the game, a
 * link to it, and a one-click way out, in the body and in the `List-Unsubscribe` headers (RFC 2369,
 * RFC 8058) mail programs turn into their own unsubscribe button.
 */
export function newGameMail(input: NewGameMailInput): Mail {
  const { productName, username, gameName, description, gameLink, unsubscribeLink } = input;
  // no full stop after the name: game names end in '!' often enough
  const intro = `Hi ${username}, a new game just landed in ${productName}: ${gameName}`;
  const why = `You get this mail because you asked to hear about new games. Unsubscribe with one click: ${unsubscribeLink}`;
  const text = [intro, '', description, '', `Take a look: ${gameLink}`, '', why].join('\n');
  const html = layout(
    productName,
    `New game: ${gameName}`,
    `<p style="margin:0">${escape(intro)}</p>
<p style="margin:16px 0 0">${escape(description)}</p>${button(gameLink, `See ${gameName}`)}
<p style="margin:0;color:#b8b2d9;font-size:12px">You get this mail because you asked to hear about new games. <a href="${escape(unsubscribeLink)}" style="color:#b8b2d9">Unsubscribe with one click</a>.</p>`,
  );
  return {
    to: input.to,
    subject: `New in ${productName}: ${gameName}`,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeLink}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
