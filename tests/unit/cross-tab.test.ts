import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AUTH_CHANNEL,
  CrossTabMessage,
  LOGIN_MARKER_KEY,
  ORIGINAL_TAB_WAIT_MS,
  crossTabMessageType,
  type TabEnvironment,
} from '~/lib/cross-tab';
import { announceLogin } from '~/lib/cross-tab-announce';
import { listenForCrossTabLogin } from '~/lib/cross-tab-listen';

const ORIGIN = 'https://arcade.test';

/** A tab without a real window: events are dispatched by hand, storage is a Map. */
function fakeTab(opener?: { postMessage: (message: unknown, origin: string) => void }) {
  const target = new EventTarget();
  const items = new Map<string, string>();
  const env: TabEnvironment = {
    window: {
      addEventListener: target.addEventListener.bind(target) as Window['addEventListener'],
      removeEventListener: target.removeEventListener.bind(target) as Window['removeEventListener'],
      location: { origin: ORIGIN } as Location,
      opener,
    },
    storage: { setItem: (key: string, value: string) => void items.set(key, value) },
    BroadcastChannel,
  };
  const dispatch = (type: string, init: Record<string, unknown>) =>
    target.dispatchEvent(Object.assign(new Event(type), init));
  return { env, items, dispatch };
}

const open: BroadcastChannel[] = [];
function channel() {
  const c = new BroadcastChannel(AUTH_CHANNEL);
  open.push(c);
  return c;
}

afterEach(() => {
  for (const c of open.splice(0)) c.close();
});

describe('cross-tab sign-in protocol', () => {
  it('recognises only its own message types', () => {
    expect(crossTabMessageType({ type: 'LOGIN_SUCCESS' })).toBe(CrossTabMessage.LOGIN_SUCCESS);
    expect(crossTabMessageType({ type: 'SOMETHING_ELSE' })).toBeNull();
    expect(crossTabMessageType('LOGIN_SUCCESS')).toBeNull();
    expect(crossTabMessageType(null)).toBeNull();
  });

  it('the landing writes the marker, tells a same-origin opener and a waiting tab', async () => {
    const opener = { postMessage: vi.fn() };
    const landing = fakeTab(opener);
    const waiting = fakeTab();
    const onLoginSuccess = vi.fn();
    const stop = listenForCrossTabLogin({ onLoginSuccess, onCloseRequest: vi.fn() }, waiting.env);

    const told = await announceLogin(landing.env);

    expect(Number(landing.items.get(LOGIN_MARKER_KEY))).toBeGreaterThan(0);
    expect(opener.postMessage).toHaveBeenCalledWith({ type: 'LOGIN_SUCCESS' }, ORIGIN);
    expect(told).toEqual({ opener: true, originalTab: true });
    await vi.waitFor(() => expect(onLoginSuccess).toHaveBeenCalledTimes(1));
    stop();
  });

  it('with no other tab the landing gives up after the 500 ms wait', async () => {
    const heard: unknown[] = [];
    const observer = channel();
    observer.onmessage = (event) => heard.push(event.data);
    const started = Date.now();
    const told = await announceLogin(fakeTab().env);
    expect(told).toEqual({ opener: false, originalTab: false });
    expect(Date.now() - started).toBeGreaterThanOrEqual(ORIGINAL_TAB_WAIT_MS - 20);
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'PING_ORIGINAL_TAB' }]));
  });

  it('a listening tab answers the ping and obeys LOGIN_SUCCESS and CLOSE_ORIGINAL_TAB on the channel', async () => {
    const handlers = { onLoginSuccess: vi.fn(), onCloseRequest: vi.fn() };
    const stop = listenForCrossTabLogin(handlers, fakeTab().env);
    const landing = channel();
    const answers: unknown[] = [];
    landing.onmessage = (event) => answers.push(event.data);

    landing.postMessage({ type: 'PING_ORIGINAL_TAB' });
    await vi.waitFor(() => expect(answers).toEqual([{ type: 'ORIGINAL_TAB_EXISTS' }]));
    landing.postMessage({ type: 'CLOSE_ORIGINAL_TAB' });
    landing.postMessage({ type: 'LOGIN_SUCCESS' });
    await vi.waitFor(() => expect(handlers.onLoginSuccess).toHaveBeenCalledTimes(1));
    expect(handlers.onCloseRequest).toHaveBeenCalledTimes(1);
    stop();
  });

  it('a listening tab trusts window messages from its own origin only, and the marker storage event', () => {
    const tab = fakeTab();
    const handlers = { onLoginSuccess: vi.fn(), onCloseRequest: vi.fn() };
    const stop = listenForCrossTabLogin(handlers, tab.env);

    tab.dispatch('message', { origin: 'https://evil.test', data: { type: 'LOGIN_SUCCESS' } });
    tab.dispatch('message', { origin: 'https://evil.test', data: { type: 'CLOSE_ORIGINAL_TAB' } });
    expect(handlers.onLoginSuccess).not.toHaveBeenCalled();
    expect(handlers.onCloseRequest).not.toHaveBeenCalled();

    tab.dispatch('message', { origin: ORIGIN, data: { type: 'LOGIN_SUCCESS' } });
    tab.dispatch('storage', { key: 'something-else', newValue: '1' });
    tab.dispatch('storage', { key: LOGIN_MARKER_KEY, newValue: null });
    tab.dispatch('storage', { key: LOGIN_MARKER_KEY, newValue: '1763780000000' });
    expect(handlers.onLoginSuccess).toHaveBeenCalledTimes(2);

    stop();
    tab.dispatch('message', { origin: ORIGIN, data: { type: 'LOGIN_SUCCESS' } });
    expect(handlers.onLoginSuccess).toHaveBeenCalledTimes(2);
  });
});
