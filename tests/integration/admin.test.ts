import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { avatarIdFromName } from '~/lib/schemas/admin';
import { listAudit } from '~/server/shared/audit';
import { createAvatar, deleteAvatar, listAdminAvatars, updateAvatar } from '~/server/avatars/manage';
import { storeUpload } from '~/server/assets/uploads';
import { findImage } from '~/server/assets/images';
import { failure } from '../support/failure';
import { addPlayer, DIALECTS, freshServices, type TestServices } from '../support/services';

/** A real image of `format` with EXIF and a comment-like metadata block, as a camera would write. */
async function image(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 64, height = 48): Promise<Buffer> {
  const raw = sharp({ create: { width, height, channels: 3, background: { r: 247, g: 147, b: 26 } } });
  const withMeta = raw.withExif({
    IFD0: { Artist: 'Secret Photographer', ImageDescription: 'taken at home, 52.52N 13.40E' },
  });
  return (format === 'gif' ? raw.gif() : withMeta[format]()).toBuffer();
}

describe('avatarIdFromName (SPEC section 5)', () => {
  it.each([
    ['REKT! Beginner', 'rekt-beginner'],
    ['  Laser   Eyes  ', 'laser-eyes'],
    ['Pizza -- Day -- Chef', 'pizza-day-chef'],
    ['-Sats_Miner 2.0-', 'satsminer-20'],
    ['Über Clown', 'ber-clown'],
    ['!!!', ''],
  ])('%j gives %j', (name, id) => {
    expect(avatarIdFromName(name)).toBe(id);
  });
});

describe.each(DIALECTS)('the admin room on %s', (dialect) => {
  let s: TestServices;
  let admin: { id: number; username: string };

  beforeEach(async () => {
    s = await freshServices(dialect);
    admin = { id: await addPlayer(s.db, 'root_admin'), username: 'root_admin' };
  });
  afterEach(async () => {
    await s.close();
  });

  describe('avatar collection', () => {
    it('lists the nine starting avatars, rarest first, with owners and which are card rewards', async () => {
      const list = await listAdminAvatars(s.db);
      expect(list.map((a) => a.avatarId)).toEqual([
        'bitcoin-collector',
        'laser-eyes',
        'hodl-knight',
        'fiat-clown',
        'pizza-chef',
        'bitcoin-duck',
        'btc-player',
        'fiat-bird',
        'sats-miner',
      ]);
      expect(list.find((a) => a.avatarId === 'fiat-bird')).toMatchObject({
        rarity: 'common',
        category: 'achievement',
        isActive: true,
        owners: 0,
        cardReward: true,
        imageUrl: '/api/assets/avatars/fiat-bird.png',
      });
      expect(list.find((a) => a.avatarId === 'laser-eyes')?.cardReward).toBe(false);
    });

    it('creates with the id made from the name and the spec defaults, and logs who did it', async () => {
      const created = await createAvatar(s.db, admin, { name: 'Genesis Block!' }, 1_000);
      expect(created).toMatchObject({
        avatarId: 'genesis-block',
        name: 'Genesis Block!',
        description: '',
        rarity: 'common',
        category: 'achievement',
        isActive: true,
        imageUrl: '/api/assets/avatars/genesis-block.png',
        owners: 0,
      });
      const row = await s.db
        .selectFrom('avatars')
        .selectAll()
        .where('avatar_id', '=', 'genesis-block')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ rarity: 'common', category: 'achievement', is_active: 1 });
      const [entry] = await listAudit(s.db);
      expect(entry).toMatchObject({
        actorId: admin.id,
        actorName: 'root_admin',
        action: 'avatar.create',
        targetType: 'avatar',
        targetId: 'genesis-block',
        createdAt: new Date(1_000).toISOString(),
      });
    });

    it("refuses an id that is not the name's, a name without letters, and a taken id", async () => {
      expect(await failure(createAvatar(s.db, admin, { name: 'Moon Boy', avatarId: 'moon' }))).toEqual({
        status: 400,
        message: 'The avatar id is made from the name: "Moon Boy" gives "moon-boy", not "moon".',
      });
      expect((await failure(createAvatar(s.db, admin, { name: '!!!' }))).status).toBe(400);
      expect(await failure(createAvatar(s.db, admin, { name: 'laser eyes' }))).toEqual({
        status: 409,
        message: 'An avatar with the id "laser-eyes" already exists. Choose another name.',
      });
      expect(await s.db.selectFrom('audit_log').selectAll().execute()).toEqual([]);
    });

    it('edits everything but the avatarId, and logs what changed', async () => {
      const { id } = await createAvatar(s.db, admin, {
        name: 'Moon Boy',
        rarity: 'rare',
        category: 'tournament',
        description: 'to the moon',
        imageUrl: '/api/assets/avatars/avatar_1_moon.png',
      });
      const edited = await updateAvatar(s.db, admin, id, {
        name: 'Moon Man',
        rarity: 'epic',
        isActive: false,
        avatarId: 'moon-boy',
      });
      expect(edited).toMatchObject({
        avatarId: 'moon-boy',
        name: 'Moon Man',
        rarity: 'epic',
        category: 'tournament',
        isActive: false,
        description: 'to the moon',
      });
      expect(await failure(updateAvatar(s.db, admin, id, { avatarId: 'moon-man' }))).toEqual({
        status: 400,
        message: 'The avatar id cannot be changed once the avatar exists.',
      });
      expect((await failure(updateAvatar(s.db, admin, 99_999, { name: 'x' }))).status).toBe(404);
      const [entry] = await listAudit(s.db);
      expect(entry).toMatchObject({
        action: 'avatar.update',
        targetId: 'moon-boy',
        details: { changed: { name: 'Moon Man', rarity: 'epic', is_active: 0 } },
      });
    });

    it('deletes an avatar nobody owns, retires one players own and says so, and never touches a card reward', async () => {
      const lonely = await createAvatar(s.db, admin, { name: 'Lonely', category: 'tournament' });
      expect(await deleteAvatar(s.db, admin, lonely.id)).toEqual({
        deleted: true,
        retired: false,
        message: 'Lonely was deleted.',
        avatar: null,
      });
      expect(
        await s.db.selectFrom('avatars').select('id').where('id', '=', lonely.id).executeTakeFirst(),
      ).toBeUndefined();

      const owned = await createAvatar(s.db, admin, { name: 'Owned', category: 'tournament' });
      const bob = await addPlayer(s.db, 'bob');
      await s.db
        .insertInto('player_avatars')
        .values({ user_id: bob, avatar_id: 'owned', source: 'Winter Cup', acquired_at: 1 })
        .execute();
      const answer = await deleteAvatar(s.db, admin, owned.id);
      expect(answer).toMatchObject({
        deleted: false,
        retired: true,
        message:
          'Owned was retired, not deleted: 1 player owns it. It stays in their collections and is no longer awarded.',
        avatar: { isActive: false, owners: 1 },
      });
      expect(await s.db.selectFrom('player_avatars').select('avatar_id').where('user_id', '=', bob).execute()).toEqual([
        { avatar_id: 'owned' },
      ]);
      expect(
        (await s.db.selectFrom('avatars').select('is_active').where('id', '=', owned.id).executeTakeFirstOrThrow())
          .is_active,
      ).toBe(0);

      const bird = (await listAdminAvatars(s.db)).find((a) => a.avatarId === 'fiat-bird')!;
      expect((await failure(deleteAvatar(s.db, admin, bird.id))).status).toBe(409);
      expect((await failure(updateAvatar(s.db, admin, bird.id, { isActive: false }))).status).toBe(409);
      expect((await listAudit(s.db)).map((e) => e.action)).toEqual([
        'avatar.retire',
        'avatar.create',
        'avatar.delete',
        'avatar.create',
      ]);
    });
  });

  // Only PostgreSQL runs transactions side by side (SQLite runs one at a time).
  if (dialect === 'postgres')
    it('an avatar prize given while the avatar is being deleted stays: the avatar is retired instead', async () => {
      const prized = await createAvatar(s.db, admin, { name: 'Prized', category: 'tournament' });
      const winner = await addPlayer(s.db, 'lucky_winner');
      // Another connection gives the avatar (as sending a prize does) and has not committed yet.
      const other = new pg.Client({ connectionString: s.config.databaseUrl });
      await other.connect();
      try {
        await other.query('begin');
        await other.query(
          "insert into player_avatars (user_id, avatar_id, source, acquired_at) values ($1, 'prized', 'Winter Cup', 1)",
          [winner],
        );
        const deleting = deleteAvatar(s.db, admin, prized.id);
        // The delete waits for the giving transaction instead of counting no owners past it.
        await new Promise((r) => setTimeout(r, 300));
        await other.query('commit');
        expect(await deleting).toMatchObject({
          deleted: false,
          retired: true,
          message: expect.stringMatching(/^Prized was retired, not deleted: 1 player owns it/),
        });
      } finally {
        await other.end();
      }
      expect(
        await s.db.selectFrom('player_avatars').select('avatar_id').where('user_id', '=', winner).execute(),
      ).toEqual([{ avatar_id: 'prized' }]);
    });

  describe('uploads', () => {
    it.each(['png', 'jpeg', 'webp', 'gif'] as const)(
      'stores a %s re-encoded, without its metadata, under the data directory',
      async (format) => {
        const original = await image(format);
        const stored = await storeUpload(
          s.db,
          s.config.dataDir,
          admin,
          'tournament',
          original,
          'My Cup Banner.' + format,
          5_000,
        );
        const ext = format === 'jpeg' ? 'jpg' : format;
        expect(stored.filename).toMatch(new RegExp(`^tournament_\\d+_My-Cup-Banner\\.${ext}$`));
        expect(stored.url).toBe(`/api/assets/tournament/${stored.filename}`);
        const path = join(s.config.dataDir, 'uploads', 'tournament', stored.filename);
        expect(statSync(path).mode & 0o777).toBe(0o600);
        const bytes = readFileSync(path);
        const meta = await sharp(bytes).metadata();
        expect(meta.format).toBe(format);
        expect([meta.width, meta.height]).toEqual([64, 48]);
        expect(meta.exif).toBeUndefined();
        expect(bytes.includes(Buffer.from('Secret Photographer'))).toBe(false);
        expect((await findImage(s.config.dataDir, 'tournament', stored.filename))?.contentType).toBe(
          stored.contentType,
        );
        expect((await listAudit(s.db))[0]).toMatchObject({
          action: 'upload.image',
          targetType: 'upload',
          targetId: stored.filename,
        });
      },
    );

    it('scales a large avatar image down to 512 pixels', async () => {
      const stored = await storeUpload(
        s.db,
        s.config.dataDir,
        admin,
        'avatars',
        await image('png', 2000, 1000),
        'big.png',
      );
      expect(stored.filename).toMatch(/^avatar_\d+_big\.png$/);
      expect([stored.width, stored.height]).toEqual([512, 256]);
    });

    it('refuses an SVG, a text file, an empty body, a damaged image and anything over 2 MB, storing nothing', async () => {
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      );
      const unsupported = 'Upload a PNG, JPEG, WebP or GIF image (SVG and other formats are not accepted).';
      expect(await failure(storeUpload(s.db, s.config.dataDir, admin, 'avatars', svg, 'evil.png'))).toEqual({
        status: 415,
        message: unsupported,
      });
      expect(
        await failure(storeUpload(s.db, s.config.dataDir, admin, 'avatars', Buffer.from('hello, world'), 'note.png')),
      ).toEqual({ status: 415, message: unsupported });
      expect(
        (await failure(storeUpload(s.db, s.config.dataDir, admin, 'avatars', Buffer.alloc(0), 'empty.png'))).status,
      ).toBe(400);
      const png = await image('png');
      // A real PNG cut short, a PNG header claiming 60,000 x 60,000 pixels, a bare signature: images, but unreadable (422).
      const unreadable = {
        status: 422,
        message: 'That image could not be read: it may be damaged or too large in pixels. Try another file.',
      };
      expect(
        await failure(storeUpload(s.db, s.config.dataDir, admin, 'avatars', png.subarray(0, 60), 'cut.png')),
      ).toEqual(unreadable);
      const giant = Buffer.from(png.subarray(0, 33));
      giant.writeUInt32BE(60_000, 16);
      giant.writeUInt32BE(60_000, 20);
      expect(await failure(storeUpload(s.db, s.config.dataDir, admin, 'avatars', giant, 'giant.png'))).toEqual(
        unreadable,
      );
      expect(
        await failure(
          storeUpload(
            s.db,
            s.config.dataDir,
            admin,
            'avatars',
            Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
            'bare.png',
          ),
        ),
      ).toEqual(unreadable);
      expect(
        await failure(storeUpload(s.db, s.config.dataDir, admin, 'avatars', Buffer.from('GIF89a'), 'bare.gif')),
      ).toEqual(unreadable);
      expect(
        await failure(
          storeUpload(s.db, s.config.dataDir, admin, 'avatars', Buffer.alloc(2 * 1024 * 1024 + 1), 'huge.png'),
        ),
      ).toEqual({ status: 413, message: 'Images can be at most 2 MB.' });
      expect(
        existsSync(join(s.config.dataDir, 'uploads', 'avatars'))
          ? (await import('node:fs')).readdirSync(join(s.config.dataDir, 'uploads', 'avatars'))
          : [],
      ).toEqual([]);
      expect(await listAudit(s.db)).toEqual([]);
    });
  });
});
