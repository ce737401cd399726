import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectToast,
  pretendSignedOut,
  site,
  stubApi,
  test,
  testPlayer,
  waitForSession,
} from './support';

// The account dialogs and the magic-link landing with the API answered in the browser, so every
// answer (and every failure) can be chosen. tests/e2e/accounts.spec.ts runs the real flow.

const signUp = (page: Page) => page.getByRole('dialog', { name: 'JOIN THE ARCADE' });
const signIn = (page: Page) => page.getByRole('dialog', { name: 'WELCOME BACK' });
/** The sign-in dialog once the link is on its way. */
const linkSent = (page: Page) => signIn(page).filter({ has: page.getByRole('heading', { name: 'CHECK YOUR EMAIL!' }) });
const header = (page: Page) => page.getByRole('banner');
const hero = (page: Page) => page.getByRole('main');

const SOMETHING_WRONG = 'Something went wrong. Please try again.';

async function openHome(page: Page) {
  await pretendSignedOut(page);
  await page.goto('/');
  await waitForSession(page);
  await expect(hero(page).getByRole('button', { name: 'CREATE ACCOUNT' })).toBeVisible();
}

async function openSignUp(page: Page) {
  await openHome(page);
  await header(page).getByRole('button', { name: 'Get Started' }).click();
  await expect(signUp(page)).toBeVisible();
  return signUp(page);
}

async function openSignIn(page: Page) {
  await openHome(page);
  await header(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(signIn(page)).toBeVisible();
  return signIn(page);
}

/** Send a magic link to `email` from an open sign-in dialog; the dialog then shows CHECK YOUR EMAIL!. */
async function sendLink(page: Page, email = 'fan@example.com') {
  await stubApi(page, '**/api/auth/send-magic-link', { json: { message: 'Check your email' } });
  await signIn(page).getByLabel('Email Address').fill(email);
  await signIn(page).getByRole('button', { name: 'Send Magic Link' }).click();
  await expect(linkSent(page)).toBeVisible();
  return linkSent(page);
}

test.describe('sign-up dialog', () => {
  test('a visitor opens JOIN THE ARCADE from the header and from the hero, ready to type a name', async ({ page }) => {
    await openHome(page);
    await header(page).getByRole('button', { name: 'Get Started' }).click();
    const dialog = signUp(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Username')).toBeFocused();
    await expect(dialog.getByLabel('Email Address')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'CREATE ACCOUNT' })).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const heroButton = hero(page).getByRole('button', { name: 'CREATE ACCOUNT' });
    await heroButton.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Username')).toBeFocused();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(heroButton).toBeFocused();
  });

  test('a newcomer who sends an empty form is told what each field needs, and nothing is sent', async ({ page }) => {
    const register = await stubApi(page, '**/api/auth/register', { status: 201, json: { message: 'ok' } });
    const dialog = await openSignUp(page);
    await dialog.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
    const username = dialog.getByLabel('Username');
    const email = dialog.getByLabel('Email Address');
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(username).toHaveAccessibleDescription('Username must be at least 3 characters');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(username).toBeFocused();
    expect(register.bodies).toHaveLength(0);
  });

  for (const [typed, message] of [
    ['ab', 'Username must be at least 3 characters'],
    ['a'.repeat(21), 'Username must be less than 20 characters'],
    ['sats fan!', 'Username can only contain letters, numbers, underscores, and dashes'],
  ] as const) {
    test(`a newcomer who picks "${typed}" reads "${message}"`, async ({ page }) => {
      const dialog = await openSignUp(page);
      await dialog.getByLabel('Username').fill(typed);
      await dialog.getByLabel('Email Address').fill('fan@example.com');
      await dialog.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
      await expect(dialog.getByText(message)).toBeVisible();
      await expect(dialog.getByLabel('Username')).toHaveAccessibleDescription(message);
      await expect(dialog.getByLabel('Email Address')).not.toHaveAttribute('aria-invalid');
    });
  }

  test('a newcomer with a broken e-mail address is asked for a valid one', async ({ page }) => {
    const dialog = await openSignUp(page);
    await dialog.getByLabel('Username').fill('satoshi_fan');
    await dialog.getByLabel('Email Address').fill('fan@example');
    await dialog.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
    await expect(dialog.getByLabel('Email Address')).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(dialog.getByLabel('Email Address')).toBeFocused();
    await expect(dialog.getByLabel('Username')).not.toHaveAttribute('aria-invalid');
  });

  test('a newcomer sees CREATING ACCOUNT... then the welcome toast, and the dialog closes with an empty form', async ({
    page,
  }) => {
    const register = await stubApi(
      page,
      '**/api/auth/register',
      { status: 201, json: { message: 'Check your email' } },
      { held: true },
    );
    const dialog = await openSignUp(page);
    // The longest name allowed is 20 characters; the address is sent trimmed and lower-cased.
    await dialog.getByLabel('Username').fill('Satoshi_Fan-20_chars');
    await dialog.getByLabel('Email Address').fill('  Fan@Example.COM ');
    await dialog.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
    const pending = dialog.getByRole('button', { name: 'CREATING ACCOUNT...' });
    await expect(pending).toBeDisabled();
    register.release();
    await expectToast(
      page,
      `Welcome to ${site.productName}!`,
      'Check your email for a magic link to sign in and start playing.',
      'success',
    );
    await expect(dialog).toBeHidden();
    expect(register.bodies).toEqual([{ username: 'Satoshi_Fan-20_chars', email: 'fan@example.com' }]);

    await hero(page).getByRole('button', { name: 'CREATE ACCOUNT' }).click();
    await expect(dialog.getByLabel('Username')).toHaveValue('');
    await expect(dialog.getByLabel('Email Address')).toHaveValue('');
    await expect(dialog.getByRole('button', { name: 'CREATE ACCOUNT' })).toBeEnabled();
  });

  test('a taken username shows Registration Failed with the server message and keeps what was typed', async ({
    page,
  }) => {
    await stubApi(page, '**/api/auth/register', { status: 409, json: { error: 'That username is already taken.' } });
    const dialog = await openSignUp(page);
    await dialog.getByLabel('Username').fill('satoshi');
    await dialog.getByLabel('Email Address').fill('fan@example.com');
    await dialog.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
    await expectToast(page, 'Registration Failed', 'That username is already taken.', 'destructive');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Username')).toHaveValue('satoshi');
    await expect(dialog.getByRole('button', { name: 'CREATE ACCOUNT' })).toBeEnabled();
  });

  test('when the server gives no reason, the newcomer gets the generic apology', async ({ page }) => {
    await stubApi(page, '**/api/auth/register', {
      status: 502,
      contentType: 'text/html',
      body: '<h1>Bad Gateway</h1>',
    });
    const dialog = await openSignUp(page);
    await dialog.getByLabel('Username').fill('satoshi');
    await dialog.getByLabel('Email Address').fill('fan@example.com');
    await dialog.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
    await expectToast(page, 'Registration Failed', SOMETHING_WRONG, 'destructive');
  });

  test('closing the dialog by Escape, backdrop or close button forgets what was typed and the messages', async ({
    page,
  }) => {
    const dialog = await openSignUp(page);
    const getStarted = header(page).getByRole('button', { name: 'Get Started' });
    const close = [
      () => page.keyboard.press('Escape'),
      () => page.mouse.click(4, 4),
      () => dialog.getByRole('button', { name: 'Close' }).click(),
    ];
    for (const closeDialog of close) {
      await dialog.getByLabel('Username').fill('x');
      await dialog.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
      await expect(dialog.getByText('Username must be at least 3 characters')).toBeVisible();
      await closeDialog();
      await expect(dialog).toBeHidden();
      await getStarted.click();
      await expect(dialog.getByLabel('Username')).toHaveValue('');
      await expect(dialog.getByText('Username must be at least 3 characters')).toHaveCount(0);
    }
  });

  test('SIGN IN INSTEAD switches to the sign-in dialog, and Sign up for free switches back', async ({ page }) => {
    const dialog = await openSignUp(page);
    await dialog.getByRole('button', { name: 'SIGN IN INSTEAD' }).click();
    await expect(signIn(page)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(signIn(page).getByLabel('Email Address')).toBeFocused();
    await signIn(page).getByRole('button', { name: 'Sign up for free' }).click();
    await expect(signUp(page)).toBeVisible();
    await expect(signIn(page)).toBeHidden();
    await expect(signUp(page).getByLabel('Username')).toBeFocused();
  });
});

test.describe('sign-in dialog', () => {
  test('a returning player opens WELCOME BACK from the header and from the hero LOGIN button', async ({ page }) => {
    await openHome(page);
    await header(page).getByRole('button', { name: 'Sign In' }).click();
    const dialog = signIn(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Sign in with your email - no password needed')).toBeVisible();
    await expect(dialog.getByLabel('Email Address')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await hero(page).getByRole('button', { name: 'LOGIN' }).click();
    await expect(dialog).toBeVisible();
  });

  test('a player with a broken address is asked for a valid one before anything is sent', async ({ page }) => {
    const send = await stubApi(page, '**/api/auth/send-magic-link', { json: { message: 'ok' } });
    const dialog = await openSignIn(page);
    for (const typed of ['', 'not-an-address', 'fan@']) {
      await dialog.getByLabel('Email Address').fill(typed);
      await dialog.getByRole('button', { name: 'Send Magic Link' }).click();
      await expect(dialog.getByLabel('Email Address')).toHaveAccessibleDescription(
        'Please enter a valid email address',
      );
    }
    expect(send.bodies).toHaveLength(0);
  });

  test('a player sees Sending Magic Link..., the toast, then CHECK YOUR EMAIL! with the address and the 15 minutes', async ({
    page,
  }) => {
    const send = await stubApi(
      page,
      '**/api/auth/send-magic-link',
      { json: { message: 'Check your email' } },
      { held: true },
    );
    const dialog = await openSignIn(page);
    await dialog.getByLabel('Email Address').fill('Fan@Example.com');
    await dialog.getByRole('button', { name: 'Send Magic Link' }).click();
    await expect(dialog.getByRole('button', { name: 'Sending Magic Link...' })).toBeDisabled();
    send.release();
    await expectToast(page, 'Magic Link Sent!', 'Check your email at fan@example.com for the login link.', 'success');
    const sent = linkSent(page);
    await expect(sent).toBeVisible();
    await expect(sent).toContainText('fan@example.com');
    await expect(sent).toContainText('The link expires in 15 minutes.');
    await expect(sent.getByRole('button', { name: "Didn't receive it? Resend link" })).toBeVisible();
    await expect(sent.getByText('Enter the 6-digit code from the email')).toBeVisible();
    expect(send.bodies).toEqual([{ email: 'fan@example.com' }]);
  });

  test('when the first send fails the player reads Login Failed and stays on the form', async ({ page }) => {
    await stubApi(page, '**/api/auth/send-magic-link', {
      status: 429,
      json: { error: 'Too many requests. Try again in a minute.' },
    });
    const dialog = await openSignIn(page);
    await dialog.getByLabel('Email Address').fill('fan@example.com');
    await dialog.getByRole('button', { name: 'Send Magic Link' }).click();
    await expectToast(page, 'Login Failed', 'Too many requests. Try again in a minute.', 'destructive');
    await expect(dialog.getByRole('button', { name: 'Send Magic Link' })).toBeEnabled();
    await expect(linkSent(page)).toBeHidden();
  });

  test('a player who got no mail resends the link, and hears about it when that fails', async ({ page }) => {
    await openSignIn(page);
    const sent = await sendLink(page);
    await sent.getByRole('button', { name: "Didn't receive it? Resend link" }).click();
    await expectToast(page, 'Magic Link Resent!', 'Check your email for the new login link.', 'success');
    await expect(sent).toBeVisible();

    await page.unroute('**/api/auth/send-magic-link');
    await stubApi(page, '**/api/auth/send-magic-link', { status: 500, body: '' });
    await sent.getByRole('button', { name: "Didn't receive it? Resend link" }).click();
    await expectToast(page, 'Failed to Resend', SOMETHING_WRONG, 'destructive');
    await expect(sent).toBeVisible();
  });

  test('a player types the code from the mail and lands on the dashboard, welcomed', async ({ page }) => {
    let signedIn = false;
    await page.route('**/api/auth/me', (route) =>
      signedIn ? route.fulfill({ json: { user: testPlayer } }) : route.fulfill({ json: { user: null } }),
    );
    const verify = await stubApi(page, '**/api/auth/verify-code', { json: { user: testPlayer } }, { held: true });
    await page.goto('/');
    await waitForSession(page);
    await header(page).getByRole('button', { name: 'Sign In' }).click();
    const sent = await sendLink(page, testPlayer.email);
    const code = sent.getByRole('textbox', { name: 'Login code' });
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    await code.fill('12a');
    await sent.getByRole('button', { name: 'Sign In with Code' }).click();
    await expect(code).toHaveAccessibleDescription('Enter the 6-digit code from the email');
    expect(verify.bodies).toHaveLength(0);

    await code.fill('123 456');
    await expect(code).toHaveValue('123456');
    await sent.getByRole('button', { name: 'Sign In with Code' }).click();
    await expect(sent.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
    signedIn = true;
    verify.release();
    await expect(
      page.getByRole('heading', { name: new RegExp(`^Welcome( back)?, ${testPlayer.username}!$`) }),
    ).toBeVisible();
    await expectToast(page, 'Welcome to the arcade!', "You've been successfully signed in.", 'success');
    expect(verify.bodies).toEqual([{ email: testPlayer.email, code: '123456' }]);
  });

  test('a wrong or throttled code shows Sign In Failed with the server message and keeps the code form', async ({
    page,
  }) => {
    await openSignIn(page);
    const sent = await sendLink(page);
    for (const [status, error] of [
      [400, 'That code is wrong or has expired.'],
      [429, 'Too many attempts. Ask for a new link.'],
    ] as const) {
      await page.unroute('**/api/auth/verify-code');
      await stubApi(page, '**/api/auth/verify-code', { status, json: { error } });
      await sent.getByRole('textbox', { name: 'Login code' }).fill('654321');
      await sent.getByRole('button', { name: 'Sign In with Code' }).click();
      await expectToast(page, 'Sign In Failed', error, 'destructive');
      await expect(sent.getByRole('button', { name: 'Sign In with Code' })).toBeEnabled();
    }
  });

  test('closing the dialog after the link was sent brings back the e-mail form', async ({ page }) => {
    await openSignIn(page);
    await sendLink(page);
    await page.keyboard.press('Escape');
    await expect(linkSent(page)).toBeHidden();
    await hero(page).getByRole('button', { name: 'LOGIN' }).click();
    await expect(signIn(page)).toBeVisible();
    await expect(signIn(page).getByRole('heading', { name: 'CHECK YOUR EMAIL!' })).toHaveCount(0);
    await expect(signIn(page).getByLabel('Email Address')).toHaveValue('');
    await expect(signIn(page).getByLabel('Email Address')).toBeFocused();
    await expect(signIn(page).getByRole('button', { name: 'Send Magic Link' })).toBeEnabled();
  });
});

test.describe('magic-link landing', () => {
  test('a link without a token sends the visitor home with Invalid Login Link', async ({ page }) => {
    await pretendSignedOut(page);
    await page.goto('/auth/callback');
    await expect(page).toHaveURL(/\/$/);
    await expectToast(
      page,
      'Invalid Login Link',
      'The login link is missing or invalid. Please try signing in again.',
      'destructive',
    );
  });

  test('an expired link sends the visitor home with Sign In Failed and the server message', async ({ page }) => {
    await pretendSignedOut(page);
    await stubApi(page, '**/api/auth/verify-magic-link', {
      status: 400,
      json: { error: 'This login link has expired.' },
    });
    await page.goto('/auth/callback?token=old');
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, 'Sign In Failed', 'This login link has expired.', 'destructive');
  });

  test('a good link says Signing you in..., welcomes the player, goes home and signs the waiting tab in too', async ({
    page,
    context,
  }) => {
    let signedIn = false;
    await context.route('**/api/auth/me', (route) =>
      signedIn ? route.fulfill({ json: { user: testPlayer } }) : route.fulfill({ json: { user: null } }),
    );
    // The tab where the player asked for the link, waiting on CHECK YOUR EMAIL!.
    await page.goto('/');
    await waitForSession(page);
    await header(page).getByRole('button', { name: 'Sign In' }).click();
    await sendLink(page, testPlayer.email);

    const landing = await context.newPage();
    const verify = await stubApi(
      landing,
      '**/api/auth/verify-magic-link',
      { json: { user: testPlayer } },
      { held: true },
    );
    await landing.goto('/auth/callback?token=fresh-token');
    await expect(landing.getByRole('heading', { name: 'Signing you in...' })).toBeVisible();
    await expect(landing.getByText('Please wait while we verify your magic link.')).toBeVisible();
    await expect(landing).toHaveURL(/\/auth\/callback$/);
    signedIn = true;
    verify.release();
    await expectToast(landing, 'Welcome to the arcade!', "You've been successfully signed in.", 'success');
    await expect(landing).toHaveURL(/\/$/);
    await expect(
      landing.getByRole('heading', { name: new RegExp(`^Welcome( back)?, ${testPlayer.username}!$`) }),
    ).toBeVisible();
    expect(await landing.evaluate(() => Number(localStorage.getItem('sats-arcade:login-success')))).toBeGreaterThan(0);

    await expect(
      page.getByRole('heading', { name: new RegExp(`^Welcome( back)?, ${testPlayer.username}!$`) }),
    ).toBeVisible();
    await expect(linkSent(page)).toBeHidden();
  });

  test('the sign-in does not wait for the page to hydrate: with the landing island never loaded, the player still gets home', async ({
    page,
  }) => {
    let signedIn = false;
    await page.route('**/api/auth/me', (route) => route.fulfill({ json: { user: signedIn ? testPlayer : null } }));
    // A busy phone: the island's code has not arrived yet (and never will here).
    const held = await stubApi(page, '**/_astro/AuthCallback.*.js', { status: 503, body: '' }, { held: true });
    const verify = page.waitForRequest('**/api/auth/verify-magic-link');
    await stubApi(page, '**/api/auth/verify-magic-link', { json: { user: testPlayer } });
    signedIn = true;
    await page.goto('/auth/callback?token=fresh-token', { waitUntil: 'commit' });
    expect((await verify).postDataJSON()).toEqual({ token: 'fresh-token', confirm: false });
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('heading', { name: new RegExp(`^Welcome( back)?, ${testPlayer.username}!$`) }),
    ).toBeVisible();
    held.release();
  });

  test('a link opened from an arcade tab tells that tab through its opener (the opener policy keeps it)', async ({
    page,
    context,
  }) => {
    await pretendSignedOut(page);
    await context.route('**/api/auth/verify-magic-link', (route) => route.fulfill({ json: { user: testPlayer } }));
    // A page that does not listen for sign-ins itself, so the only way it hears is the landing's message.
    await page.goto('/about');
    await page.evaluate(() =>
      window.addEventListener('message', (event) => {
        if (event.origin === location.origin)
          document.body.dataset.heard = String((event.data as { type?: string })?.type);
      }),
    );
    const [landing] = await Promise.all([
      context.waitForEvent('page'),
      page.evaluate(() => void window.open('/auth/callback?token=fresh-token')),
    ]);
    // The landing signs in and goes home, still holding its opener...
    await expect(landing).toHaveURL(/\/$/);
    expect(await landing.evaluate(() => window.opener !== null)).toBe(true);
    // ...which heard from it.
    await expect(page.locator('body')).toHaveAttribute('data-heard', 'LOGIN_SUCCESS');
  });
});

test.describe('account dialogs stay accessible', () => {
  test('with JOIN THE ARCADE open, its messages shown, and with WELCOME BACK and CHECK YOUR EMAIL! open', async ({
    page,
  }) => {
    const dialog = await openSignUp(page);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'SIGN IN INSTEAD' }).click();
    await expect(signIn(page)).toBeVisible();
    await expectAccessible(page);
    await sendLink(page);
    await expectAccessible(page);
  });

  test('on a narrow screen both dialogs fit and pass axe @narrow', async ({ page }) => {
    const dialog = await openSignUp(page);
    await dialog.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
    await expect(dialog.getByText('Username must be at least 3 characters')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'SIGN IN INSTEAD' }).click();
    await expect(signIn(page)).toBeVisible();
    await expectAccessible(page);
    const sent = await sendLink(page);
    await expect(sent.getByRole('button', { name: 'Sign In with Code' })).toBeInViewport();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  });

  test('a player on a phone opens the dialogs from the header and the hero @narrow', async ({ page }) => {
    await openHome(page);
    await header(page).getByRole('button', { name: 'Get Started' }).click();
    await expect(signUp(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await header(page).getByRole('button', { name: 'Sign In' }).click();
    await expect(signIn(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await hero(page).getByRole('button', { name: 'CREATE ACCOUNT' }).click();
    await expect(signUp(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await hero(page).getByRole('button', { name: 'LOGIN' }).click();
    await expect(signIn(page)).toBeVisible();
  });
});
