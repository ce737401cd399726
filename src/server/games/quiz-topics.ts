// Mr Quiz's topics (README, "Mr Quiz"): the curated bank's topics (`quiz-bank.ts`) and topics whose
// questions are generated from open data shipped in npm packages (countries: `world-countries`,
// ODbL-1.0; currencies: `currency-codes`, MIT; chemical elements: `periodic-table-data`, MIT) or
// computed from rules (Bitcoin's consensus numbers, numerals, calendars, units). A generated
// question's right answer is read from the data or computed, so it is right by construction; its
// wrong answers are of the same kind (a capital for a capital, a neighbour's region, a nearby
// number), never equal to the right one or to each other. Subjects that would make a question
// ambiguous (two countries sharing a capital, a calling code or a currency) are left out.
//
// A topic has `size` subjects; `make(i, random)` builds the question about subject i (its key
// names the subject, so the same key is the same question whatever wrong answers it draws).
import countries from 'world-countries';
import currencyCodes from 'currency-codes';
import elementData from 'periodic-table-data/periodicTableData.json';
import { QUIZ_BANK } from './quiz-bank';

/** One question, its right answer apart: the server keeps it, the ticket never shows it. */
export interface QuizQuestion {
  /** Names the question (topic and subject), for the no-repeat rule: short, no spaces. */
  key: string;
  topic: string;
  q: string;
  right: string;
  wrong: [string, string, string];
}

export interface QuizTopic {
  /** Short id: the first part of its questions' keys. */
  id: string;
  name: string;
  /** Whether the questions come from the curated bank, from data or from rules. */
  source: 'bank' | 'data' | 'rules';
  /** Number of distinct questions (subjects). */
  size: number;
  /** The key of the question about subject `index` (without making it). */
  keyOf(index: number): string;
  make(index: number, random: () => number): QuizQuestion;
}

type Random = () => number;

/** `list` shuffled in place with `random` (Fisher-Yates). */
export function shuffleWith<T>(random: Random, list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/**
 * Three wrong answers: from the first tier first (the most plausible: same region, nearby
 * numbers), then the next; never the right answer, one that `isRight` accepts, or a duplicate.
 */
function wrongAnswers(random: Random, right: string, tiers: string[][], isRight?: (a: string) => boolean) {
  const chosen: string[] = [];
  for (const tier of tiers) {
    for (const a of shuffleWith(random, [...tier])) {
      if (chosen.length === 3) break;
      if (a === right || chosen.includes(a) || isRight?.(a)) continue;
      chosen.push(a);
    }
  }
  if (chosen.length < 3) throw new Error(`Not enough wrong answers for "${right}".`);
  return chosen as [string, string, string];
}

/** Numbers as the questions write them: 1,234,567.5 (one formatter: making one per call is slow). */
const NUMBER_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });
const fmt = (n: number) => NUMBER_FORMAT.format(n);
const btc = (sats: number) => `${fmt(sats / 1e8)} BTC`;

// ---------------------------------------------------------------------------------------------
// Countries (world-countries, ODbL-1.0): sovereign states only.

type Country = (typeof countries)[number];
const STATES: Country[] = countries.filter((c) => c.independent === true);
const byCca3 = new Map(STATES.map((c) => [c.cca3, c]));
const nameOf = (c: Country) => c.name.common;
const countOf = <T>(values: T[]) => {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
};
/** Countries nearest `c` first: same subregion, then same region, then anywhere. */
const nearTiers = (c: Country, pool: Country[] = STATES) => [
  pool.filter((o) => o !== c && o.subregion === c.subregion),
  pool.filter((o) => o !== c && o.region === c.region),
  pool.filter((o) => o !== c),
];
const names = (list: Country[][]) => list.map((tier) => tier.map(nameOf));

/** A topic with one question per country of `pool`. */
function countryTopic(
  id: string,
  name: string,
  pool: Country[],
  make: (c: Country, random: Random) => { q: string; right: string; wrong: [string, string, string] },
): QuizTopic {
  return {
    id,
    name,
    source: 'data',
    size: pool.length,
    keyOf: (i) => `${id}:${pool[i]!.cca3}`,
    make: (i, random) => ({ key: `${id}:${pool[i]!.cca3}`, topic: name, ...make(pool[i]!, random) }),
  };
}

/** Capitals no two states share, of states with one capital not named like the state itself. */
const capitalCounts = countOf(STATES.flatMap((c) => c.capital));
const WITH_CAPITAL = STATES.filter(
  (c) => c.capital.length === 1 && capitalCounts.get(c.capital[0]!) === 1 && c.capital[0] !== nameOf(c),
);
const capital = (c: Country) => c.capital[0]!;

const singleCurrency = (c: Country) => Object.values(c.currencies ?? {}) as { name: string }[];
const WITH_CURRENCY = STATES.filter((c) => singleCurrency(c).length === 1);
const currencyName = (c: Country) => singleCurrency(c)[0]!.name;
/** How many states use a currency (by name), counting those with several currencies. */
const currencyUsers = countOf(STATES.flatMap((c) => singleCurrency(c).map((x) => x.name)));

/** A state's one calling code ("+33"; "+1 876" in the North American plan), or null if it has several. */
const callingCode = (c: Country) =>
  c.idd.suffixes.length !== 1
    ? null
    : c.idd.root === '+1' && c.idd.suffixes[0]!.length === 3
      ? `+1 ${c.idd.suffixes[0]}`
      : `${c.idd.root}${c.idd.suffixes[0]}`;
const callingCounts = countOf(STATES.map(callingCode));
const WITH_CALLING = STATES.filter((c) => callingCode(c) !== null && callingCounts.get(callingCode(c)) === 1);

const tldCounts = countOf(STATES.flatMap((c) => c.tld));
const WITH_TLD = STATES.filter((c) => c.tld.length === 1 && tldCounts.get(c.tld[0]!) === 1);

const demonym = (c: Country) => c.demonyms?.eng?.m ?? '';
const demonymCounts = countOf(STATES.map(demonym));
const WITH_DEMONYM = STATES.filter((c) => demonym(c) !== '' && demonymCounts.get(demonym(c)) === 1);

const languagesOf = (c: Country) => Object.values(c.languages ?? {}) as string[];
const ALL_LANGUAGES = [...new Set(STATES.flatMap(languagesOf))];

/** States spanning two continents, or counted in one by some and another by others: no region question. */
const TRANSCONTINENTAL = new Set(['RUS', 'TUR', 'KAZ', 'GEO', 'ARM', 'AZE', 'CYP', 'EGY', 'IDN', 'PNG', 'TLS', 'PAN']);
const REGIONS = ['Africa', 'Americas', 'Asia', 'Europe', 'Oceania'];
const WITH_REGION = STATES.filter((c) => REGIONS.includes(c.region) && !TRANSCONTINENTAL.has(c.cca3));

/** The first of a state's native names that differs from its English name (and its language). */
function nativeName(c: Country): { name: string; language: string } | null {
  for (const [code, n] of Object.entries(c.name.native ?? {}) as [string, { common: string }][]) {
    const language = (c.languages as Record<string, string> | undefined)?.[code];
    if (language && n.common !== nameOf(c) && !n.common.includes(nameOf(c))) return { name: n.common, language };
  }
  return null;
}
const nativeCounts = countOf(STATES.map((c) => nativeName(c)?.name));
const WITH_NATIVE = STATES.filter((c) => nativeName(c) && nativeCounts.get(nativeName(c)!.name) === 1);

const TRANSLATIONS = [
  ['fra', 'French'],
  ['deu', 'German'],
  ['spa', 'Spanish'],
  ['ita', 'Italian'],
  ['nld', 'Dutch'],
  ['por', 'Portuguese'],
] as const;
const translation = (c: Country, code: string) =>
  (c.translations as Record<string, { common: string }>)[code]?.common ?? null;
const TRANSLATED = TRANSLATIONS.flatMap(([code, language]) => {
  const counts = countOf(STATES.map((c) => translation(c, code)));
  return STATES.filter((c) => {
    const t = translation(c, code);
    return t !== null && t !== nameOf(c) && counts.get(t) === 1;
  }).map((c) => ({ c, code, language }));
});

const WITH_BORDERS = STATES.filter((c) => c.borders.some((b) => byCca3.has(b)));
const LANDLOCKED = STATES.filter((c) => c.landlocked && ['Africa', 'Americas', 'Asia', 'Europe'].includes(c.region));
/** A state is "clearly the largest" of four when the others are at most two thirds of its area. */
const AREA_MARGIN = 1.5;
const smallerEnough = (c: Country) => nearTiers(c).map((t) => t.filter((o) => o.area * AREA_MARGIN <= c.area));
const WITH_SMALLER = STATES.filter((c) => smallerEnough(c)[1]!.length >= 3);

const COUNTRY_TOPICS: QuizTopic[] = [
  countryTopic('cap', 'Capitals', WITH_CAPITAL, (c, r) => ({
    q: `What is the capital of ${nameOf(c)}?`,
    right: capital(c),
    wrong: wrongAnswers(
      r,
      capital(c),
      nearTiers(c, WITH_CAPITAL).map((t) => t.map(capital)),
    ),
  })),
  countryTopic('capof', 'Whose capital?', WITH_CAPITAL, (c, r) => ({
    q: `${capital(c)} is the capital of which country?`,
    right: nameOf(c),
    wrong: wrongAnswers(r, nameOf(c), names(nearTiers(c))),
  })),
  countryTopic('cur', 'Currencies', WITH_CURRENCY, (c, r) => ({
    q: `Which currency is official in ${nameOf(c)}?`,
    right: currencyName(c),
    wrong: wrongAnswers(
      r,
      currencyName(c),
      nearTiers(c, WITH_CURRENCY).map((t) => t.map(currencyName)),
    ),
  })),
  countryTopic(
    'curof',
    'Whose currency?',
    WITH_CURRENCY.filter((c) => currencyUsers.get(currencyName(c)) === 1),
    (c, r) => ({
      q: `Which country pays in the ${currencyName(c)}?`,
      right: nameOf(c),
      wrong: wrongAnswers(r, nameOf(c), names(nearTiers(c))),
    }),
  ),
  countryTopic('flag', 'Flags', STATES, (c, r) => ({
    q: `Which country has this flag? ${c.flag}`,
    right: nameOf(c),
    wrong: wrongAnswers(r, nameOf(c), names(nearTiers(c))),
  })),
  countryTopic('flagof', 'Find the flag', STATES, (c, r) => ({
    q: `Which of these is the flag of ${nameOf(c)}?`,
    right: c.flag,
    wrong: wrongAnswers(
      r,
      c.flag,
      nearTiers(c).map((t) => t.map((o) => o.flag)),
    ),
  })),
  countryTopic(
    'lang',
    'Official languages',
    STATES.filter((c) => languagesOf(c).length > 0),
    (c, r) => {
      const own = languagesOf(c);
      const right = own[Math.floor(r() * own.length)]!;
      const nearby = nearTiers(c).map((t) => t.flatMap(languagesOf));
      return {
        q: `Which of these is an official language of ${nameOf(c)}?`,
        right,
        wrong: wrongAnswers(r, right, [...nearby, ALL_LANGUAGES], (a) => own.includes(a)),
      };
    },
  ),
  countryTopic('reg', 'World regions', WITH_REGION, (c, r) => ({
    q: `In which part of the world is ${nameOf(c)}?`,
    right: c.region,
    wrong: wrongAnswers(r, c.region, [REGIONS]),
  })),
  countryTopic('call', 'Calling codes', WITH_CALLING, (c, r) => ({
    q: `Which country's international calling code is ${callingCode(c)}?`,
    right: nameOf(c),
    wrong: wrongAnswers(r, nameOf(c), names(nearTiers(c))),
  })),
  countryTopic('tld', 'Internet domains', WITH_TLD, (c, r) => ({
    q: `Which country's internet domain is "${c.tld[0]}"?`,
    right: nameOf(c),
    wrong: wrongAnswers(r, nameOf(c), names(nearTiers(c))),
  })),
  countryTopic('iso', 'Country codes', STATES, (c, r) => ({
    q: `Which country has the three-letter ISO code ${c.cca3}?`,
    right: nameOf(c),
    wrong: wrongAnswers(r, nameOf(c), [
      ...names(nearTiers(c)).map((t, i) => (i === 2 ? t : t.filter((n) => n[0] === c.cca3[0]))),
    ]),
  })),
  countryTopic('dem', 'Demonyms', WITH_DEMONYM, (c, r) => ({
    q: `What is a person from ${nameOf(c)} called?`,
    right: demonym(c),
    wrong: wrongAnswers(
      r,
      demonym(c),
      nearTiers(c, WITH_DEMONYM).map((t) => t.map(demonym)),
    ),
  })),
  countryTopic('native', 'Native names', WITH_NATIVE, (c, r) => ({
    q: `Which country calls itself "${nativeName(c)!.name}" in ${nativeName(c)!.language}?`,
    right: nameOf(c),
    wrong: wrongAnswers(r, nameOf(c), names(nearTiers(c))),
  })),
  countryTopic('border', 'Neighbours', WITH_BORDERS, (c, r) => {
    const neighbours = c.borders.map((b) => byCca3.get(b)).filter((o) => o !== undefined);
    const right = nameOf(neighbours[Math.floor(r() * neighbours.length)]!);
    return {
      q: `Which of these countries shares a land border with ${nameOf(c)}?`,
      right,
      wrong: wrongAnswers(r, right, names(nearTiers(c)), (a) => neighbours.some((n) => nameOf(n) === a)),
    };
  }),
  countryTopic('landlocked', 'Landlocked', LANDLOCKED, (c, r) => ({
    q: 'Which of these countries has no coastline on the open sea (it is landlocked)?',
    right: nameOf(c),
    wrong: wrongAnswers(r, nameOf(c), names(nearTiers(c).map((t) => t.filter((o) => !o.landlocked)))),
  })),
  countryTopic('area', 'Country sizes', WITH_SMALLER, (c, r) => ({
    q: 'Which of these countries is the largest by area?',
    right: nameOf(c),
    wrong: wrongAnswers(r, nameOf(c), names(smallerEnough(c)).slice(0, 2)),
  })),
];

const TRANSLATION_TOPIC: QuizTopic = {
  id: 'abroad',
  name: 'Country names abroad',
  source: 'data',
  size: TRANSLATED.length,
  keyOf: (i) => `abroad:${TRANSLATED[i]!.code}.${TRANSLATED[i]!.c.cca3}`,
  make(i, random) {
    const { c, code, language } = TRANSLATED[i]!;
    const right = translation(c, code)!;
    return {
      key: `abroad:${code}.${c.cca3}`,
      topic: 'Country names abroad',
      q: `What is ${nameOf(c)} called in ${language}?`,
      right,
      // Names that differ from the English one first: "Chile" gives away that it is not Ecuador.
      wrong: wrongAnswers(random, right, [
        ...nearTiers(c).map((t) =>
          t.filter((o) => ![null, nameOf(o)].includes(translation(o, code))).map((o) => translation(o, code)!),
        ),
        ...nearTiers(c).map((t) => t.map((o) => translation(o, code)).filter((t) => t !== null)),
      ]),
    };
  },
};

// ---------------------------------------------------------------------------------------------
// Currencies (currency-codes, ISO 4217, MIT): circulating currencies with a name of their own.

const CURRENCIES = currencyCodes.data.filter(
  (c) => !c.code.startsWith('X') && c.countries.length > 0 && !/fund|unidad|unit|mvdol|bond|\(/i.test(c.currency),
);
const currencyNameCounts = countOf(CURRENCIES.map((c) => c.currency));
const NAMED_CURRENCIES = CURRENCIES.filter((c) => currencyNameCounts.get(c.currency) === 1);
const CURRENCY_CODE_TOPIC: QuizTopic = {
  id: 'iso4217',
  name: 'Currency codes',
  source: 'data',
  size: NAMED_CURRENCIES.length,
  keyOf: (i) => `iso4217:${NAMED_CURRENCIES[i]!.code}`,
  make(i, random) {
    const c = NAMED_CURRENCIES[i]!;
    const where = c.countries.length === 1 ? ` (${c.countries[0]})` : '';
    return {
      key: `iso4217:${c.code}`,
      topic: 'Currency codes',
      q: `What is the ISO 4217 code of the ${c.currency}${where}?`,
      right: c.code,
      wrong: wrongAnswers(random, c.code, [
        CURRENCIES.filter((o) => o.code[0] === c.code[0]).map((o) => o.code),
        CURRENCIES.map((o) => o.code),
      ]),
    };
  },
};

// ---------------------------------------------------------------------------------------------
// Chemical elements (periodic-table-data, MIT).

interface Element {
  atomicNumber: number;
  symbol: string;
  name: string;
  groupBlock: string;
  standardState: string;
}
const ELEMENTS = (elementData as Element[]).slice().sort((a, b) => a.atomicNumber - b.atomicNumber);
const nearElements = (e: Element, within: number) =>
  ELEMENTS.filter((o) => o !== e && Math.abs(o.atomicNumber - e.atomicNumber) <= within);

function elementTopic(
  id: string,
  name: string,
  pool: Element[],
  make: (e: Element, random: Random) => { q: string; right: string; wrong: [string, string, string] },
): QuizTopic {
  return {
    id,
    name,
    source: 'data',
    size: pool.length,
    keyOf: (i) => `${id}:${pool[i]!.symbol}`,
    make: (i, random) => ({ key: `${id}:${pool[i]!.symbol}`, topic: name, ...make(pool[i]!, random) }),
  };
}

/** Families whose members no one disputes; La, Lu, Ac and Lr are counted differently by different tables. */
const FAMILIES = ['Noble gas', 'Halogen', 'Alkali metal', 'Alkaline earth metal', 'Lanthanide', 'Actinide'];
const DISPUTED = new Set(['La', 'Lu', 'Ac', 'Lr', 'H']);
const KNOWN = ELEMENTS.filter((e) => e.atomicNumber <= 103 && !DISPUTED.has(e.symbol));
const IN_FAMILY = KNOWN.filter((e) => FAMILIES.includes(e.groupBlock));
const familyName = (f: string) => f.toLowerCase();
const GASES = ELEMENTS.filter((e) => e.standardState === 'Gas');
const CONDENSED = ELEMENTS.filter((e) => e.atomicNumber <= 100 && ['Solid', 'Liquid'].includes(e.standardState));

const ELEMENT_TOPICS: QuizTopic[] = [
  elementTopic('sym', 'Chemical symbols', ELEMENTS, (e, r) => ({
    q: `What is the chemical symbol of ${e.name.toLowerCase()}?`,
    right: e.symbol,
    wrong: wrongAnswers(r, e.symbol, [
      ELEMENTS.filter((o) => o !== e && o.symbol[0] === e.name[0]).map((o) => o.symbol),
      nearElements(e, 4).map((o) => o.symbol),
      ELEMENTS.map((o) => o.symbol),
    ]),
  })),
  elementTopic('symof', 'Element symbols', ELEMENTS, (e, r) => ({
    q: `Which element has the chemical symbol ${e.symbol}?`,
    right: e.name,
    wrong: wrongAnswers(r, e.name, [
      ELEMENTS.filter((o) => o !== e && o.name[0] === e.symbol[0]).map((o) => o.name),
      nearElements(e, 4).map((o) => o.name),
      ELEMENTS.map((o) => o.name),
    ]),
  })),
  elementTopic('z', 'Atomic numbers', ELEMENTS, (e, r) => ({
    q: `What is the atomic number of ${e.name.toLowerCase()}?`,
    right: String(e.atomicNumber),
    wrong: wrongAnswers(r, String(e.atomicNumber), [nearElements(e, 3).map((o) => String(o.atomicNumber))]),
  })),
  elementTopic('zof', 'Elements by number', ELEMENTS, (e, r) => ({
    q: `Which element has the atomic number ${e.atomicNumber}?`,
    right: e.name,
    wrong: wrongAnswers(r, e.name, [nearElements(e, 3).map((o) => o.name), nearElements(e, 8).map((o) => o.name)]),
  })),
  elementTopic('family', 'Element families', IN_FAMILY, (e, r) => ({
    q: `Which of these elements is ${/^[aeiou]/i.test(e.groupBlock) ? 'an' : 'a'} ${familyName(e.groupBlock)}?`,
    right: e.name,
    wrong: wrongAnswers(r, e.name, [
      KNOWN.filter((o) => o.groupBlock !== e.groupBlock && Math.abs(o.atomicNumber - e.atomicNumber) <= 6).map(
        (o) => o.name,
      ),
      KNOWN.filter((o) => o.groupBlock !== e.groupBlock).map((o) => o.name),
    ]),
  })),
  elementTopic('gas', 'Elements as gases', GASES, (e, r) => ({
    q: 'Which of these elements is a gas at room temperature?',
    right: e.name,
    wrong: wrongAnswers(r, e.name, [
      CONDENSED.filter((o) => Math.abs(o.atomicNumber - e.atomicNumber) <= 8).map((o) => o.name),
      CONDENSED.map((o) => o.name),
    ]),
  })),
];

// ---------------------------------------------------------------------------------------------
// Bitcoin's numbers, computed from its consensus rules (so right by construction).

export const SATS_PER_BTC = 100_000_000;
export const HALVING_INTERVAL = 210_000;
export const RETARGET_INTERVAL = 2016;
/** The block subsidy at `height`, in sats, as Bitcoin Core computes it (a right shift per halving). */
export function subsidySats(height: number): number {
  const halvings = Math.floor(height / HALVING_INTERVAL);
  return halvings >= 64 ? 0 : Math.floor((50 * SATS_PER_BTC) / 2 ** halvings);
}

/** Topic over subjects 0..size-1 whose question is computed from the subject number. */
function ruleTopic(
  id: string,
  name: string,
  size: number,
  make: (n: number, random: Random) => { q: string; right: string; wrong: [string, string, string] },
): QuizTopic {
  return {
    id,
    name,
    source: 'rules',
    size,
    keyOf: (i) => `${id}:${i}`,
    make: (i, random) => ({ key: `${id}:${i}`, topic: name, ...make(i, random) }),
  };
}

/** Numbers near `n` (within `spread`, not `n`, inside [min, max]), formatted. */
const around = (n: number, spread: number[], min = -Infinity, max = Infinity) =>
  spread.map((d) => n + d).filter((v) => v !== n && v >= min && v <= max);

/** Heights spread over the first seven halving epochs (deterministic, not round numbers). */
const subsidyHeight = (i: number) => i * 1000 + ((i * 7919) % 1000);
const EPOCH_SUBSIDIES = Array.from({ length: 12 }, (_, k) => btc(subsidySats(k * HALVING_INTERVAL)));

const BITCOIN_TOPICS: QuizTopic[] = [
  ruleTopic('subsidy', 'Block subsidy', 1470, (i, r) => {
    const h = subsidyHeight(i);
    const right = btc(subsidySats(h));
    const k = Math.floor(h / HALVING_INTERVAL);
    return {
      q: `How many new bitcoin does the block subsidy pay at block height ${fmt(h)}?`,
      right,
      wrong: wrongAnswers(r, right, [
        around(k, [-1, 1, 2, -2])
          .filter((x) => x >= 0)
          .map((x) => EPOCH_SUBSIDIES[x]!),
        EPOCH_SUBSIDIES,
      ]),
    };
  }),
  ruleTopic('halvings', 'Halvings', 1470, (i, r) => {
    const h = subsidyHeight(i);
    const k = Math.floor(h / HALVING_INTERVAL);
    return {
      q: `How many halvings have happened by block height ${fmt(h)} (the block included)?`,
      right: String(k),
      wrong: wrongAnswers(r, String(k), [
        around(k, [-1, 1, 2, -2, 3])
          .filter((x) => x >= 0)
          .map(String),
      ]),
    };
  }),
  ruleTopic('retarget', 'Difficulty periods', 600, (i, r) => {
    const k = i + 1;
    const right = fmt(k * RETARGET_INTERVAL);
    const offsets = [-16, 16, 1000, -1000, 2000, 2100, -2100, 1008 + 8];
    return {
      q: 'The mining difficulty adjusts every 2,016 blocks. Which of these heights starts a new difficulty period?',
      right,
      wrong: wrongAnswers(r, right, [
        around(k * RETARGET_INTERVAL, offsets, 1)
          .filter((h) => h % RETARGET_INTERVAL !== 0)
          .map(fmt),
      ]),
    };
  }),
  ruleTopic('sats', 'Sats and bitcoin', 162, (i, r) => {
    // Subject i: 9 digits x 9 powers of ten x 2 directions.
    const digit = (i % 9) + 1;
    const power = Math.floor(i / 9) % 9; // 10^-power BTC
    const sats = digit * 10 ** (8 - power);
    const wrongSats = [sats * 10, sats / 10, sats * 100, sats / 100, sats * 1000].filter((s) => Number.isInteger(s));
    if (i < 81) {
      const right = `${fmt(sats)} sats`;
      return {
        q: `How many sats are ${fmt(sats / SATS_PER_BTC)} BTC?`,
        right,
        wrong: wrongAnswers(r, right, [wrongSats.map((s) => `${fmt(s)} sats`)]),
      };
    }
    return {
      q: `How many bitcoin are ${fmt(sats)} sats?`,
      right: btc(sats),
      wrong: wrongAnswers(r, btc(sats), [wrongSats.map(btc)]),
    };
  }),
  ruleTopic('issued', 'Bitcoin supply', 33, (k, r) => {
    // Subject k: the bitcoin issued during halving epoch k (210,000 blocks at its subsidy).
    const sats = HALVING_INTERVAL * subsidySats(k * HALVING_INTERVAL);
    const right = btc(sats);
    const options = Array.from({ length: 34 }, (_, j) => btc(HALVING_INTERVAL * subsidySats(j * HALVING_INTERVAL)));
    return {
      q: `How many bitcoin does the block subsidy issue in all from block ${fmt(k * HALVING_INTERVAL)} to block ${fmt((k + 1) * HALVING_INTERVAL - 1)}?`,
      right,
      wrong: wrongAnswers(r, right, [
        around(k, [-1, 1, 2, -2], 0, options.length - 1).map((x) => options[x]!),
        options,
      ]),
    };
  }),
  ruleTopic('blocks', 'Block clock', 365, (i, r) => {
    const days = i + 1;
    const right = fmt(days * 144);
    return {
      q: `At Bitcoin's target of one block every ten minutes, how many blocks are found in ${days === 1 ? 'one day' : `${days} days`}?`,
      right,
      wrong: wrongAnswers(r, right, [[days * 100, days * 120, days * 240, days * 60, days * 24].map(fmt)]),
    };
  }),
];

// ---------------------------------------------------------------------------------------------
// Numbers, calendars and units, computed.

const ROMAN: [number, string][] = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];
export function roman(n: number): string {
  let out = '';
  for (const [value, letters] of ROMAN) {
    while (n >= value) {
      out += letters;
      n -= value;
    }
  }
  return out;
}

const isPrime = (n: number) => {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return true;
};
const PRIMES = Array.from({ length: 990 }, (_, i) => i + 10).filter(isPrime);

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAY_MS = 86_400_000;
/** Subject i: the day i days after 1 January 1900 (UTC calendar, Gregorian). */
const dayOf = (i: number) => new Date(Date.UTC(1900, 0, 1) + i * DAY_MS);
const dayName = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
/** The leap years from 1600 to 2400. */
const LEAP_YEARS = Array.from({ length: 801 }, (_, i) => 1600 + i).filter(isLeap);
/** Days from 1 January 1900 to 31 December 2025: questions ask about the past. */
const PAST_DAYS = (Date.UTC(2026, 0, 1) - Date.UTC(1900, 0, 1)) / 86_400_000;

const SUPERSCRIPT: Record<string, string> = {
  '-': '⁻',
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
};
const tenTo = (e: number) => `10${[...String(e)].map((ch) => SUPERSCRIPT[ch]).join('')}`;
/** The SI prefixes (BIPM, 2022), with their powers of ten. */
export const SI_PREFIXES: [string, number][] = [
  ['quetta', 30],
  ['ronna', 27],
  ['yotta', 24],
  ['zetta', 21],
  ['exa', 18],
  ['peta', 15],
  ['tera', 12],
  ['giga', 9],
  ['mega', 6],
  ['kilo', 3],
  ['hecto', 2],
  ['deca', 1],
  ['deci', -1],
  ['centi', -2],
  ['milli', -3],
  ['micro', -6],
  ['nano', -9],
  ['pico', -12],
  ['femto', -15],
  ['atto', -18],
  ['zepto', -21],
  ['yocto', -24],
  ['ronto', -27],
  ['quecto', -30],
];

/** Exact conversions (by definition): how many `small` in one `big`. */
export const CONVERSIONS: [big: string, small: string, factor: number][] = [
  ['kilometres', 'metres', 1000],
  ['metres', 'centimetres', 100],
  ['metres', 'millimetres', 1000],
  ['kilograms', 'grams', 1000],
  ['litres', 'millilitres', 1000],
  ['hours', 'minutes', 60],
  ['hours', 'seconds', 3600],
  ['days', 'hours', 24],
  ['weeks', 'days', 7],
  ['feet', 'inches', 12],
  ['yards', 'feet', 3],
  ['miles', 'yards', 1760],
  ['miles', 'feet', 5280],
  ['bytes', 'bits', 8],
  ['kibibytes', 'bytes', 1024],
  ['hectares', 'square metres', 10_000],
  ['tonnes', 'kilograms', 1000],
];
const CONVERSION_AMOUNTS = 19; // 2..20 of the larger unit

const NUMBER_TOPICS: QuizTopic[] = [
  ruleTopic('roman', 'Roman numerals', 3999, (i, r) => {
    const n = i + 1;
    const right = roman(n);
    return {
      q: `How is ${n} written in Roman numerals?`,
      right,
      wrong: wrongAnswers(r, right, [
        around(n, [1, -1, 10, -10, 100, -100, 5, -5], 1, 3999).map(roman),
        around(n, [2, -2, 50, -50, 500, -500, 1000, -1000], 1, 3999).map(roman),
      ]),
    };
  }),
  ruleTopic('hex', 'Hexadecimal', 4080, (i, r) => {
    const n = i + 16;
    const right = fmt(n);
    const swapped = parseInt([...n.toString(16)].reverse().join(''), 16);
    return {
      q: `What is the hexadecimal number 0x${n.toString(16).toUpperCase()} in decimal?`,
      right,
      wrong: wrongAnswers(r, right, [
        [swapped, n + 1, n - 1, n + 16, n - 16, n + 6, n - 6].filter((v) => v > 0).map(fmt),
      ]),
    };
  }),
  ruleTopic('binary', 'Binary', 254, (i, r) => {
    const n = i + 2;
    return {
      q: `What is the binary number ${n.toString(2)} in decimal?`,
      right: String(n),
      wrong: wrongAnswers(r, String(n), [
        [n + 1, n - 1, n * 2, Math.floor(n / 2), n + 2, n - 2, n + 4, n - 4].filter((v) => v > 0).map(String),
      ]),
    };
  }),
  ruleTopic('pow2', 'Powers of two', 39, (i, r) => {
    const e = i + 2;
    const right = fmt(2 ** e);
    return {
      q: `What is 2 to the power of ${e}?`,
      right,
      wrong: wrongAnswers(r, right, [
        [2 ** (e + 1), 2 ** (e - 1), 2 ** e + 2 ** (e - 2), 2 ** e - 2 ** (e - 2), 2 ** (e + 2)].map(fmt),
      ]),
    };
  }),
  ruleTopic('weekday', 'Days of the week', PAST_DAYS, (i, r) => {
    const d = dayOf(i);
    const right = WEEKDAYS[d.getUTCDay()]!;
    return {
      q: `On which day of the week was ${dayName(d)}?`,
      right,
      wrong: wrongAnswers(r, right, [WEEKDAYS]),
    };
  }),
  ruleTopic('leap', 'Leap years', LEAP_YEARS.length, (i, r) => {
    const y = LEAP_YEARS[i]!;
    const century = Math.floor(y / 100) * 100;
    return {
      q: 'Which of these years is a leap year in the Gregorian calendar?',
      right: String(y),
      wrong: wrongAnswers(r, String(y), [
        [century, century + 100, y + 1, y - 1, y + 2, y - 2, y + 3].filter((v) => !isLeap(v)).map(String),
      ]),
    };
  }),
  ruleTopic('si', 'Metric prefixes', SI_PREFIXES.length * 2, (i, r) => {
    const [prefix, e] = SI_PREFIXES[i % SI_PREFIXES.length]!;
    const nearby = SI_PREFIXES.filter(([, x]) => x !== e && Math.abs(x - e) <= 9);
    if (i < SI_PREFIXES.length)
      return {
        q: `The SI prefix "${prefix}" multiplies a unit by what?`,
        right: tenTo(e),
        wrong: wrongAnswers(r, tenTo(e), [nearby.map(([, x]) => tenTo(x)), [-e, e + 1, e - 1].map(tenTo)]),
      };
    return {
      q: `Which SI prefix multiplies a unit by ${tenTo(e)}?`,
      right: prefix,
      wrong: wrongAnswers(r, prefix, [nearby.map(([p]) => p), SI_PREFIXES.map(([p]) => p)]),
    };
  }),
  ruleTopic('convert', 'Unit conversions', CONVERSIONS.length * CONVERSION_AMOUNTS, (i, r) => {
    const [big, small, factor] = CONVERSIONS[i % CONVERSIONS.length]!;
    const amount = Math.floor(i / CONVERSIONS.length) + 2;
    const right = fmt(amount * factor);
    return {
      q: `How many ${small} are in ${amount} ${big}?`,
      right,
      wrong: wrongAnswers(r, right, [
        [
          amount * factor * 10,
          (amount * factor) / 10,
          (amount + 1) * factor,
          (amount - 1) * factor,
          amount * factor * 2,
        ]
          .filter((v) => Number.isInteger(v) && v > 0)
          .map(fmt),
      ]),
    };
  }),
  ruleTopic('temp', 'Temperatures', 49, (i, r) => {
    const c = -40 + i * 5;
    const f = (c * 9) / 5 + 32;
    const unit = (x: number) => `${fmt(x)} °F`;
    return {
      q: `What is ${fmt(c)} °C in degrees Fahrenheit?`,
      right: unit(f),
      wrong: wrongAnswers(r, unit(f), [[c * 2 + 30, c + 32, f + 10, f - 10, f + 18, f - 18].map(unit)]),
    };
  }),
  ruleTopic('prime', 'Prime numbers', PRIMES.length, (i, r) => {
    const p = PRIMES[i]!;
    const composites = around(p, [2, -2, 4, -4, 6, -6, 8, -8, 10, -10, 12, -12], 9).filter(
      (n) => n % 2 === 1 && n % 5 !== 0 && !isPrime(n),
    );
    return {
      q: 'Which of these numbers is prime?',
      right: String(p),
      wrong: wrongAnswers(r, String(p), [
        composites.map(String),
        around(p, [1, -1, 3, -3, 5, -5, 9, -9, 15, -15, 21, -21], 9)
          .filter((n) => !isPrime(n))
          .map(String),
      ]),
    };
  }),
  ruleTopic('sqrt', 'Square roots', 89, (i, r) => {
    const n = i + 11;
    return {
      q: `What is the square root of ${fmt(n * n)}?`,
      right: String(n),
      wrong: wrongAnswers(r, String(n), [around(n, [1, -1, 2, -2, 3, -3, 10, -10], 1).map(String)]),
    };
  }),
];

// ---------------------------------------------------------------------------------------------
// The curated bank: one topic per bank topic; a question's key is a hash of its text, so adding
// or editing others does not rename it.

/** FNV-1a, 32 bits, base 36: a short stable name for a bank question. */
export function textKey(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36);
}
const bankTopics = new Map<string, (typeof QUIZ_BANK)[number][]>();
for (const question of QUIZ_BANK) bankTopics.set(question[0], [...(bankTopics.get(question[0]) ?? []), question]);
const BANK_TOPICS: QuizTopic[] = [...bankTopics].map(([name, list]) => ({
  id: 'bank',
  name,
  source: 'bank',
  size: list.length,
  keyOf: (i) => `bank:${textKey(list[i]![1])}`,
  make(i) {
    const [topic, q, right, ...wrong] = list[i]!;
    return { key: `bank:${textKey(q)}`, topic, q, right, wrong: wrong as [string, string, string] };
  },
}));

/** Every topic, in a fixed order (a seed picks among them by position). */
export const QUIZ_TOPICS: readonly QuizTopic[] = [
  ...BANK_TOPICS,
  ...COUNTRY_TOPICS,
  TRANSLATION_TOPIC,
  CURRENCY_CODE_TOPIC,
  ...ELEMENT_TOPICS,
  ...BITCOIN_TOPICS,
  ...NUMBER_TOPICS,
];
