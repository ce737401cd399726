// Regenerates every pixel-art SVG in public/images (and public/favicon.svg).
// Usage: node scripts/art/generate.mjs
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emblemCoin, wordmark, trophy } from './brand.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'public');
const out = (rel, canvas, title, scale = 2) => {
  const file = join(root, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, canvas.toSVG({ title, width: canvas.w * scale, height: canvas.h * scale }));
};

const em = emblemCoin();
out('images/logo.svg', em, 'Sats Arcade emblem: a pixel arcade cabinet showing a glowing Bitcoin symbol');
out('favicon.svg', em, 'Sats Arcade', 1);
out('images/wordmark.svg', wordmark(), 'SATS ARCADE');
out('images/trophy.svg', trophy(), 'Gold pixel trophy');

import { rektLogo } from './rekt.mjs';
out('images/games/rekt/logo.svg', rektLogo(), 'REKT! game logo: an orange pixel bird dodging red inflation candles', 2);

import { fishLogo } from './fishing.mjs';
out(
  'images/games/fishing-for-sats/logo.svg',
  fishLogo(),
  'Fishing for Sats! game logo: a Bitcoin coin fish biting a fishing hook',
  2,
);

import { quizLogo } from './quiz.mjs';
out(
  'images/games/mr-quiz/logo.svg',
  quizLogo(),
  'Mr Quiz game logo: a top-hatted quiz host next to a neon question mark',
  2,
);

import {
  collector,
  fiatBird,
  btcDuck,
  fiatClown,
  btcPlayer,
  defaultAvatar,
  laserEyes,
  hodlKnight,
  pizzaChef,
  satsMiner,
} from './avatars.mjs';
import { toPNG } from './png.mjs';
// Every avatar of the collection as SVG (public/images/avatars/) and as the PNG the server answers
// at /api/assets/avatars/{avatarId}.png (src/server/assets/avatars/, bundled into the server).
const pngRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'server', 'assets', 'avatars');
mkdirSync(pngRoot, { recursive: true });
const avatar = (id, canvas, title) => {
  out(`images/avatars/${id}.svg`, canvas, title, 4);
  writeFileSync(join(pngRoot, `${id}.png`), toPNG(canvas, 8));
};
avatar(
  'bitcoin-collector',
  collector(),
  'Bitcoin Collector avatar: a crowned player in a Bitcoin hoodie surrounded by gold coins',
);
avatar('fiat-bird', fiatBird(), 'REKT! Beginner avatar: a nervous grey-green fiat bird with a dollar sign');
avatar('bitcoin-duck', btcDuck(), 'REKT! Pro Player avatar: an orange duck with a Bitcoin symbol on its chest');
avatar('fiat-clown', fiatClown(), 'REKT! HARDCORE Legend avatar: a fiat clown with dollar eyes and a red nose');
avatar('btc-player', btcPlayer(), 'Tourney Regular avatar: a gamer with headphones and an orange Bitcoin cap');
avatar('laser-eyes', laserEyes(), 'Laser Eyes avatar: a player in a black hoodie whose glowing red eyes shoot lasers');
avatar(
  'hodl-knight',
  hodlKnight(),
  'HODL Knight avatar: a knight in grey armour with an orange plume and a Bitcoin shield',
);
avatar('pizza-chef', pizzaChef(), 'Pizza Day Chef avatar: a moustached chef holding up a pepperoni pizza');
avatar('sats-miner', satsMiner(), 'Sats Miner avatar: a miner in a yellow hard hat with a pickaxe and a Bitcoin coin');
out('images/avatars/default.svg', defaultAvatar(), 'Default player avatar: a neutral silhouette', 4);

import { hero } from './hero.mjs';
out(
  'images/hero.svg',
  hero(),
  'Sats Arcade: three glowing arcade cabinets for REKT!, Fishing for Sats! and Mr Quiz under a starry sky and a big Bitcoin moon',
  2,
);
