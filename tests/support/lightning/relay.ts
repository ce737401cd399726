/**
 * A real nostr relay in the test process: CodyTseng's `@nostr-relay/core` with its zod validator,
 * served over `ws` on 127.0.0.1, events kept in memory. Nostr Wallet Connect (NIP-47) runs over it:
 * the wallet's info event (kind 13194, replaceable) is stored so clients can read it, requests and
 * answers (23194/23195, ephemeral) are only passed on.
 *
 * Two things are added around the library, each for a reason:
 * - `MemoryEventRepository`: the library's only packaged repository is SQLite on a second,
 *   native better-sqlite3; an in-memory one is a few lines on its `EventRepository` contract.
 * - `TagFilteringClient`: @nostr-relay/core 0.0.40 matches live events against a subscription's
 *   ids, authors, kinds and times but ignores its tag filters (`#e`, `#p`), so every NWC client of
 *   a wallet would be sent every answer of that wallet. The SDK's nostr-tools checks filters again
 *   on its side and copes, but a client that trusts its relay (as NIP-01 allows) would take another
 *   request's answer. The wrapper drops the live events whose subscription does not match in full.
 */
import { EventRepository, EventType, EventUtils, LogLevel, createOutgoingNoticeMessage } from '@nostr-relay/common';
import type { Client, Event, EventRepositoryUpsertResult, Filter } from '@nostr-relay/common';
import { NostrRelay } from '@nostr-relay/core';
import { Validator } from '@nostr-relay/validator';
import { matchFilter, matchFilters, type Filter as NostrFilter } from 'nostr-tools/filter';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export interface RunningRelay {
  /** `ws://127.0.0.1:PORT` */
  url: string;
  port: number;
  /**
   * Resolves once `count` open subscriptions (REQs the relay has handled, on any connection) have
   * filters that `match`: a test waits for a client's subscription rather than a guessed time.
   */
  whenSubscribed(match: (filters: NostrFilter[]) => boolean, count?: number): Promise<void>;
  close(): Promise<void>;
}

export interface RelayOptions {
  /** A fixed port (the standalone network); default a free one. */
  port?: number;
}

/** Starts a nostr relay on 127.0.0.1 and resolves once it listens. */
export async function startRelay(options: RelayOptions = {}): Promise<RunningRelay> {
  const repository = new MemoryEventRepository();
  // No result cache: a client that reads the wallet's info event right after it was replaced must see the new one.
  const relay = new NostrRelay(repository, {
    filterResultCacheTtl: 0,
    maxSubscriptionsPerClient: 500,
    logLevel: LogLevel.ERROR,
  });
  const validator = new Validator();
  const wss = new WebSocketServer({ host: '127.0.0.1', port: options.port ?? 0 });

  const open = new Map<string, NostrFilter[]>();
  const waiters = new Set<() => void>();
  let connections = 0;
  wss.on('connection', (ws) => {
    const client = new TagFilteringClient(ws);
    const connection = ++connections;
    relay.handleConnection(client);
    ws.on('message', async (data) => {
      try {
        const message = await validator.validateIncomingMessage(data);
        client.observe(message);
        await relay.handleMessage(client, message);
        const [type, id, ...filters] = message as [string, string, ...NostrFilter[]];
        if (type === 'REQ') open.set(`${connection}:${id}`, filters);
        if (type === 'CLOSE') open.delete(`${connection}:${id}`);
        for (const waiter of [...waiters]) waiter();
      } catch (error) {
        client.send(JSON.stringify(createOutgoingNoticeMessage(String((error as Error).message ?? error))));
      }
    });
    ws.on('close', () => {
      relay.handleDisconnect(client);
      for (const key of [...open.keys()]) if (key.startsWith(`${connection}:`)) open.delete(key);
    });
    ws.on('error', () => ws.terminate());
  });

  await new Promise<void>((resolve, reject) => {
    wss.once('listening', resolve);
    wss.once('error', reject);
  });
  const { port } = wss.address() as AddressInfo;

  return {
    url: `ws://127.0.0.1:${port}`,
    port,
    whenSubscribed(match, count = 1) {
      return new Promise<void>((resolve) => {
        const check = () => {
          if ([...open.values()].filter(match).length < count) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      });
    },
    async close() {
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await relay.destroy();
    },
  };
}

/** The client the relay writes to: the socket, minus live events that the subscription's tag filters exclude. */
class TagFilteringClient implements Client {
  private readonly subscriptions = new Map<string, NostrFilter[]>();
  private readonly ws: WebSocket;

  constructor(ws: WebSocket) {
    this.ws = ws;
  }

  get readyState() {
    return this.ws.readyState as Client['readyState'];
  }

  /** Keeps this connection's subscriptions, as the relay will see them. */
  observe(message: unknown[]) {
    const [type, id, ...filters] = message as [string, string, ...NostrFilter[]];
    if (type === 'REQ') this.subscriptions.set(id, filters);
    if (type === 'CLOSE') this.subscriptions.delete(id);
  }

  send(data: string, cb?: (err?: Error) => void) {
    if (data.startsWith('["EVENT"')) {
      const [, subscriptionId, event] = JSON.parse(data) as [string, string, Event];
      const filters = this.subscriptions.get(subscriptionId);
      if (filters && !matchFilters(filters, event)) return cb?.();
    }
    this.ws.send(data, cb);
  }
}

/** NIP-01 storage in memory: regular events kept, replaceable ones replaced by newer ones, ephemeral never stored. */
class MemoryEventRepository extends EventRepository {
  private events: Event[] = [];

  isSearchSupported() {
    return false;
  }

  upsert(event: Event): EventRepositoryUpsertResult {
    if (this.events.some((stored) => stored.id === event.id)) return { isDuplicate: true };
    const type = EventUtils.getType(event.kind);
    if (type === EventType.REPLACEABLE || type === EventType.PARAMETERIZED_REPLACEABLE) {
      const dTag = EventUtils.extractDTagValue(event);
      const sameSlot = (stored: Event) =>
        stored.pubkey === event.pubkey &&
        stored.kind === event.kind &&
        (type === EventType.REPLACEABLE || EventUtils.extractDTagValue(stored) === dTag);
      const current = this.events.find(sameSlot);
      if (current && current.created_at > event.created_at) return { isDuplicate: true };
      this.events = this.events.filter((stored) => !sameSlot(stored));
    }
    this.events.push(event);
    return { isDuplicate: false };
  }

  find(filter: Filter): Event[] {
    const found = this.events
      .filter((event) => matchFilter(filter as NostrFilter, event))
      .sort((a, b) => b.created_at - a.created_at);
    return filter.limit === undefined ? found : found.slice(0, filter.limit);
  }

  async destroy() {
    this.events = [];
  }
}
