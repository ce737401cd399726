import type { Config } from './shared/config';
import type { Db } from './db';
import type { Rankings } from './leaderboards/rankings';
import type { Mailer } from './mail/mailer';
import type { Wallet } from './tournaments/payouts/wallet';
import type { Receiver } from './donations/receiver';

/**
 * What services need from the running arcade: its database, settings, mailer and leaderboard order.
 * Made by `app.ts` (the composition root) and kept beside it: it names the types of the mail and
 * leaderboards rooms, so the shared floor, which those rooms stand on, cannot hold it.
 */
export interface Services {
  db: Db;
  config: Config;
  mailer: Mailer;
  rankings: Rankings;
  /** The wallet prizes are paid from (NWC_URL); absent: no Lightning payouts. */
  wallet?: Wallet;
  /** The same wallet receiving donations (NWC_URL); absent: no Lightning donations. */
  receiver?: Receiver;
  /** Send the waiting new-game mails now, beside the sweep (after an announcement); absent in tools and tests. */
  sendAnnouncementMails?: () => void;
}
