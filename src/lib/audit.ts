import { formatCount, formatUtcStamp } from './format';
import type { AuditEntry } from './schemas/admin';

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
/** A count as players read it ('13,065'), or the value as it came. */
const count = (value: unknown) => (typeof value === 'number' ? formatCount(value) : text(value));
/** A moment kept as an ISO string, as the log's own times read ('11/28/26 09:30 UTC'). */
const moment = (value: unknown) => (typeof value === 'string' ? formatUtcStamp(value) : text(value));

/** What an audit entry's action did, as a sentence after the administrator's name. */
export function describeAudit(entry: Pick<AuditEntry, 'action' | 'targetId' | 'details'>): string {
  const { action, targetId, details } = entry;
  const target = targetId ?? '';
  switch (action) {
    case 'avatar.create':
      return `added the avatar ${text(details.name) || target} (${target})`;
    case 'avatar.update':
      return `edited the avatar ${target}${Object.keys((details.changed as object) ?? {}).length ? `: ${Object.keys(details.changed as object).join(', ')}` : ''}`;
    case 'avatar.delete':
      return `deleted the avatar ${text(details.name) || target}`;
    case 'avatar.retire':
      return `retired the avatar ${text(details.name) || target} (owned by ${text(details.owners)})`;
    case 'upload.image':
      return `uploaded the image ${target}`;
    case 'tournament.create':
      return `created the tournament ${text(details.name)}`;
    case 'tournament.update':
      return `edited the tournament ${text(details.name)}`;
    case 'tournament.end_now':
      return `ended the tournament ${text(details.name)} now, at ${moment(details.newEnd)} instead of ${moment(details.oldEnd)}`;
    case 'tournament.delete':
      return `deleted the tournament ${text(details.name)}`;
    case 'tournament.process_winners':
      return `processed the winners: ${text(details.bitcoinAwards)} Bitcoin and ${text(details.avatarAwards)} Avatar awards created, random draw among ${text(details.randomCandidates)}`;
    case 'prize.distribute':
      return `sent prize #${target} (${details.prizeType === 'avatar' ? `avatar ${text(details.avatarId)}` : `${count(details.prizeValue)} sats`})${details.paymentProof ? `, proof: ${text(details.paymentProof)}` : ''}`;
    case 'prize.pay.start':
      return `started paying prize #${target} (${count(details.sats)} sats) to ${text(details.lightningAddress)}`;
    case 'prize.pay.invoice':
      return `got an invoice for prize #${target}, payment hash ${text(details.paymentHash)}`;
    case 'prize.pay.sent':
      return `paid prize #${target} (${count(details.sats)} sats) over Lightning, payment hash ${text(details.paymentHash)}`;
    case 'prize.pay.failed':
      return `could not pay prize #${target}: ${text(details.reason)}`;
    case 'prize.pay.settle':
      return `settled the stuck payment of prize #${target} (${text(details.sats)} sats) as ${details.outcome === 'paid' ? 'paid by hand' : 'failed'}; the wallet said: ${text(details.wallet)}`;
    case 'prize.pay.refused':
      return `did not pay prize #${target} (${count(details.sats)} sats): over today's budget`;
    case 'avatar.bulk_distribute':
      return `distributed ${text(details.avatarId)} to all eligible: ${text(details.distributedExisting)} existing, ${text(details.newAwards)} new`;
    case 'user.ban':
      return `banned ${text(details.username) || 'player'} #${target}${details.reason ? `: ${text(details.reason)}` : ''}`;
    case 'user.unban':
      return `lifted the ban of ${text(details.username) || 'player'} #${target}`;
    case 'user.delete':
      return details.by === 'self'
        ? `deleted their own account #${target}`
        : `deleted the account #${target} on the player's request`;
    case 'run.hide':
      return `hid run #${target} (${count(details.score)} points)${details.reason ? `: ${text(details.reason)}` : ''}`;
    case 'run.restore':
      return `restored run #${target} (${count(details.score)} points)`;
    case 'game.announce':
      return `announced the new game ${target} to ${count(details.recipients)} players on the new-game list`;
    default:
      return `${action.replace(/[._]/g, ' ')} ${target}`.trim();
  }
}
