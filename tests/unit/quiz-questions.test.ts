import { readFileSync } from 'node:fs';
import countries from 'world-countries';
import currencyCodes from 'currency-codes';
import elementData from 'periodic-table-data/periodicTableData.json';
import * as FLAGS from 'country-flag-icons/string/3x2';
import { describe, expect, it } from 'vitest';
import { QUIZ_ROUNDS, quizQuestions } from '~/server/games/quiz';
import { BANK_WHY, parseQuizBank, QUIZ_BANK } from '~/server/games/quiz-bank';
import { QUIZ_HISTORY } from '~/server/games/quiz-history';
import { QUIZ_TOPICS, type QuizQuestion } from '~/server/games/quiz-topics';

// Mr Quiz's generated questions (README, "Mr Quiz"), checked against their data. The checks below
// look every answer up in the packages' own data or compute it their own way (BigInt shifts, a
// Roman numeral reader, JavaScript's calendar), never through the generators' code.

type Country = (typeof countries)[number];
interface Element {
  atomicNumber: number;
  symbol: string;
  name: string;
  groupBlock: string;
  standardState: string;
}
const ELEMENTS = elementData as Element[];
const byCode = new Map(countries.map((c) => [c.cca3, c]));
const byName = new Map(countries.map((c) => [c.name.common, c]));
const country = (name: string) => {
  const c = byName.get(name);
  expect(c, `"${name}" is a country of the data`).toBeDefined();
  return c!;
};
const element = (pick: (e: Element) => boolean, what: string) => {
  const e = ELEMENTS.find(pick);
  expect(e, what).toBeDefined();
  return e!;
};
const FLAG_SVGS = FLAGS as Record<string, string>;
/** The SVG markup of a flag's data URI. */
const flagMarkup = (uri: string) => {
  expect(uri).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+$/);
  return Buffer.from(uri.slice(uri.indexOf(',') + 1), 'base64').toString('utf8');
};
/** The attributes `country-flag-icons` draws with: none of them names anything. */
const ATTRIBUTES = [
  'xmlns',
  'viewBox',
  'd',
  'fill',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'stroke',
  'stroke-width',
  'stroke-miterlimit',
  'stroke-linejoin',
  'opacity',
  'fill-rule',
  'clip-rule',
  'class',
  'transform',
];
/** The pictures of a find-the-flag question. */
const quizPictures = (q: QuizQuestion) => [q.right, ...q.wrong];
const currencies = (c: Country) => Object.values(c.currencies ?? {}).map((x) => (x as { name: string }).name);
const languages = (c: Country) => Object.values(c.languages ?? {}) as string[];
const callingCodes = (c: Country) => c.idd.suffixes.map((s) => `${c.idd.root}${s}`);
const num = (text: string) => Number(text.replace(/,/g, '').replace(/ (BTC|sats|°F)$/, ''));
const numbersIn = (text: string) => [...text.matchAll(/-?\d[\d,]*(\.\d+)?/g)].map((m) => num(m[0]));
/** Decimal BTC text to sats, with no floating point. */
const satsOf = (text: string) => {
  const [whole, fraction = ''] = text.replace(/,/g, '').replace(/ BTC$/, '').split('.');
  return BigInt(whole!) * 100_000_000n + BigInt(fraction.padEnd(8, '0'));
};
const btcText = (sats: bigint) => {
  const whole = sats / 100_000_000n;
  const fraction = (sats % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '');
  return `${whole.toLocaleString('en-US')}${fraction ? `.${fraction}` : ''} BTC`;
};
const subsidy = (height: number) => 5_000_000_000n >> BigInt(Math.floor(height / 210_000));
/** Roman numeral to number (any well-formed numeral). */
const fromRoman = (text: string) => {
  const value: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };
  let total = 0;
  for (let i = 0; i < text.length; i++) {
    const v = value[text[i]!]!;
    total += i + 1 < text.length && value[text[i + 1]!]! > v ? -v : v;
  }
  return total;
};
const SI: Record<string, number> = {
  quetta: 30,
  ronna: 27,
  yotta: 24,
  zetta: 21,
  exa: 18,
  peta: 15,
  tera: 12,
  giga: 9,
  mega: 6,
  kilo: 3,
  hecto: 2,
  deca: 1,
  deci: -1,
  centi: -2,
  milli: -3,
  micro: -6,
  nano: -9,
  pico: -12,
  femto: -15,
  atto: -18,
  zepto: -21,
  yocto: -24,
  ronto: -27,
  quecto: -30,
};
const superscript = (text: string) =>
  Number(
    [...text.replace(/^10/, '')]
      .map((ch) => '⁻⁰¹²³⁴⁵⁶⁷⁸⁹'.indexOf(ch))
      .map((i) => (i === 0 ? '-' : String(i - 1)))
      .join(''),
  );
/** Exact by definition: how many of the second unit in one of the first. */
const UNITS: Record<string, number> = {
  'metres in kilometres': 1000,
  'centimetres in metres': 100,
  'millimetres in metres': 1000,
  'grams in kilograms': 1000,
  'millilitres in litres': 1000,
  'minutes in hours': 60,
  'seconds in hours': 3600,
  'hours in days': 24,
  'days in weeks': 7,
  'inches in feet': 12,
  'feet in yards': 3,
  'yards in miles': 1760,
  'feet in miles': 5280,
  'bits in bytes': 8,
  'bytes in kibibytes': 1024,
  'square metres in hectares': 10_000,
  'kilograms in tonnes': 1000,
};
const isPrime = (n: number) => n > 1 && Array.from({ length: n - 2 }, (_, i) => i + 2).every((d) => n % d !== 0);
const DISPUTED = ['La', 'Lu', 'Ac', 'Lr', 'H'];

/** Checks one question against the data: its right answer, and that each wrong one is wrong and of the same kind. */
const CHECKS: Record<string, (subject: string, q: QuizQuestion) => void> = {
  cap(code, { q, right, wrong }) {
    const c = byCode.get(code)!;
    expect(q).toContain(c.name.common);
    expect(c.capital).toEqual([right]);
    for (const w of wrong)
      expect(countries.some((o) => o !== c && o.capital.includes(w)) && !c.capital.includes(w)).toBe(true);
  },
  capof(code, { q, right, wrong }) {
    const c = byCode.get(code)!;
    const city = c.capital[0]!;
    expect(q).toContain(city);
    expect(right).toBe(c.name.common);
    for (const w of wrong) expect(country(w).capital).not.toContain(city);
  },
  cur(code, { q, right, wrong }) {
    const c = byCode.get(code)!;
    expect(q).toContain(c.name.common);
    expect(currencies(c)).toEqual([right]);
    for (const w of wrong) expect(countries.some((o) => currencies(o).includes(w)) && w !== right).toBe(true);
  },
  curof(code, { q, right, wrong }) {
    const c = byCode.get(code)!;
    const name = currencies(c)[0]!;
    expect(q).toContain(name);
    expect(right).toBe(c.name.common);
    for (const w of wrong) expect(currencies(country(w))).not.toContain(name);
  },
  flag(code, { q, image, right, wrong }) {
    const c = byCode.get(code)!;
    const place = q.match(/^Which country of (.+) has this flag\?$/)![1]!;
    const inPlace = (o: Country) => [o.subregion, o.region, `the ${o.region}`].includes(place);
    expect(inPlace(c)).toBe(true);
    for (const w of wrong) expect(inPlace(country(w))).toBe(true);
    expect(flagMarkup(image!)).toBe(FLAG_SVGS[c.cca2]);
    expect(right).toBe(c.name.common);
    for (const w of wrong) expect(FLAG_SVGS[country(w).cca2]).not.toBe(FLAG_SVGS[c.cca2]);
  },
  flagof(code, { q, pictures, right, wrong, why }) {
    const c = byCode.get(code)!;
    expect(q).toContain(c.name.common);
    expect(pictures).toBe(true);
    expect(flagMarkup(right)).toBe(FLAG_SVGS[c.cca2]);
    for (const w of wrong) {
      const other = countries.find((o) => o !== c && FLAG_SVGS[o.cca2] === flagMarkup(w));
      expect(other, 'a wrong flag is another state’s').toBeDefined();
      expect(why).toContain(other!.name.common);
    }
  },
  lang(code, { q, right, wrong }) {
    const c = byCode.get(code)!;
    expect(q).toContain(c.name.common);
    expect(languages(c)).toContain(right);
    for (const w of wrong) {
      expect(languages(c)).not.toContain(w);
      expect(countries.some((o) => languages(o).includes(w))).toBe(true);
    }
  },
  reg(code, { q, right, wrong }) {
    const c = byCode.get(code)!;
    expect(q).toContain(c.name.common);
    expect(right).toBe(c.region);
    for (const w of wrong)
      expect(['Africa', 'Americas', 'Asia', 'Europe', 'Oceania'].filter((r) => r !== right)).toContain(w);
  },
  call(code, { q, right, wrong }) {
    const c = byCode.get(code)!;
    const asked = q.match(/is (\+[\d ]+)\?/)![1]!.replace(/ /g, '');
    expect(right).toBe(c.name.common);
    expect(callingCodes(c)).toContain(asked);
    for (const w of wrong) expect(callingCodes(country(w))).not.toContain(asked);
  },
  tld(code, { q, right, wrong }) {
    const c = byCode.get(code)!;
    const asked = q.match(/"(\.[^"]+)"/)![1]!;
    expect(right).toBe(c.name.common);
    expect(c.tld).toContain(asked);
    for (const w of wrong) expect(country(w).tld).not.toContain(asked);
  },
  iso(code, { q, right, wrong }) {
    expect(q).toContain(code);
    expect(byCode.get(code)!.name.common).toBe(right);
    for (const w of wrong) expect(country(w).cca3).not.toBe(code);
  },
  dem(code, { q, right, wrong }) {
    const c = byCode.get(code)!;
    expect(q).toContain(c.name.common);
    expect(right).toBe(c.demonyms!.eng!.m);
    for (const w of wrong) {
      expect([c.demonyms!.eng!.m, c.demonyms!.eng!.f]).not.toContain(w);
      expect(countries.some((o) => o.demonyms?.eng?.m === w)).toBe(true);
    }
  },
  native(code, { q, right, wrong }) {
    const c = byCode.get(code)!;
    const asked = q.match(/"([^"]+)"/)![1]!;
    expect(right).toBe(c.name.common);
    const natives = (o: Country) => Object.values(o.name.native ?? {}).map((n) => (n as { common: string }).common);
    expect(natives(c)).toContain(asked);
    for (const w of wrong) expect(natives(country(w))).not.toContain(asked);
  },
  border(code, { q, right, wrong }) {
    const c = byCode.get(code)!;
    expect(q).toContain(c.name.common);
    expect(c.borders).toContain(country(right).cca3);
    for (const w of wrong) {
      expect(c.borders).not.toContain(country(w).cca3);
      expect(w).not.toBe(c.name.common);
    }
  },
  larger(code, { q, right, wrong }) {
    const c = byCode.get(code)!;
    expect(q).toContain(c.name.common);
    expect(country(right).area).toBeGreaterThanOrEqual(1.4 * c.area);
    for (const w of wrong) expect(c.area).toBeGreaterThanOrEqual(1.4 * country(w).area);
  },
  abroad(subject, { q, right, wrong }) {
    const [language, code] = subject.split('.') as [string, string];
    const c = byCode.get(code)!;
    const inLanguage = (o: Country) => (o.translations as Record<string, { common: string }>)[language]?.common;
    expect(q).toContain(c.name.common);
    expect(right).toBe(inLanguage(c));
    for (const w of wrong) expect(countries.some((o) => o !== c && inLanguage(o) === w)).toBe(true);
  },
  iso4217(code, { q, right, wrong }) {
    expect(right).toBe(code);
    expect(q).toContain(currencyCodes.code(code)!.currency);
    for (const w of wrong) {
      expect(currencyCodes.code(w)).toBeDefined();
      expect(currencyCodes.code(w)!.currency).not.toBe(currencyCodes.code(code)!.currency);
    }
  },
  sym(symbol, { q, right, wrong }) {
    const e = element((x) => x.symbol === symbol, symbol);
    expect(q.toLowerCase()).toContain(e.name.toLowerCase());
    expect(right).toBe(e.symbol);
    for (const w of wrong) expect(element((x) => x.symbol === w, w).name).not.toBe(e.name);
  },
  symof(symbol, { q, right, wrong }) {
    expect(q).toContain(` ${symbol}?`);
    expect(element((x) => x.name === right, right).symbol).toBe(symbol);
    for (const w of wrong) expect(element((x) => x.name === w, w).symbol).not.toBe(symbol);
  },
  z(symbol, { q, right, wrong }) {
    const e = element((x) => x.symbol === symbol, symbol);
    expect(q.toLowerCase()).toContain(e.name.toLowerCase());
    expect(Number(right)).toBe(e.atomicNumber);
    for (const w of wrong) expect(ELEMENTS.some((x) => x.atomicNumber === Number(w) && x !== e)).toBe(true);
  },
  zof(symbol, { q, right, wrong }) {
    const n = numbersIn(q)[0]!;
    expect(element((x) => x.name === right, right).atomicNumber).toBe(n);
    expect(element((x) => x.name === right, right).symbol).toBe(symbol);
    for (const w of wrong) expect(element((x) => x.name === w, w).atomicNumber).not.toBe(n);
  },
  family(symbol, { q, right, wrong }) {
    const e = element((x) => x.symbol === symbol, symbol);
    expect(DISPUTED).not.toContain(symbol);
    expect(q).toContain(` ${e.name.toLowerCase()} `);
    const plural = (f: string) => (f.endsWith('gas') ? `${f}es` : `${f}s`);
    expect(right).toBe(plural(e.groupBlock));
    for (const w of wrong) {
      expect(w).not.toBe(right);
      expect(ELEMENTS.some((o) => plural(o.groupBlock) === w)).toBe(true);
    }
  },
  epoch(_, { q, right, wrong }) {
    const [from, to] = numbersIn(q) as [number, number];
    expect(from % 210_000).toBe(0);
    expect(to - from + 1).toBe(210_000);
    expect(right).toBe(btcText(subsidy(from)));
    expect(right).toBe(btcText(subsidy(to)));
    const subsidies = Array.from({ length: 20 }, (_, k) => btcText(subsidy(k * 210_000)));
    for (const w of wrong) expect(subsidies.filter((s) => s !== right)).toContain(w);
  },
  halved(_, { q, right, wrong }) {
    const height = numbersIn(q)[0]!;
    let halvings = 0;
    for (let h = 210_000; h <= height; h += 210_000) halvings++;
    expect(Number(right)).toBe(halvings);
    for (const w of wrong) expect(Number(w)).not.toBe(halvings);
  },
  sats(_, { q, right, wrong }) {
    const asked = q.match(/are ([\d.,]+ (BTC|sats))\?/)![1]!;
    const inSats = (text: string) =>
      text.endsWith(' BTC') ? satsOf(text) : BigInt(text.replace(/,/g, '').replace(/ sats$/, ''));
    expect(inSats(right)).toBe(inSats(asked));
    for (const w of wrong) expect(inSats(w)).not.toBe(inSats(asked));
    for (const w of wrong) expect(w.endsWith(right.endsWith('BTC') ? ' BTC' : ' sats')).toBe(true);
  },
  issued(_, { q, right, wrong }) {
    const [from, to] = numbersIn(q).slice(-2) as [number, number];
    let total = 0n;
    for (let h = from; h <= to; h += 1000) total += 1000n * subsidy(h); // one subsidy all through an epoch
    expect(to - from + 1).toBe(210_000);
    expect(right).toBe(btcText(total));
    for (const w of wrong) expect(satsOf(w)).not.toBe(total);
  },
  blocktime(_, { q, right, wrong }) {
    const span = q.match(/found in (.+)\?/)![1]!;
    const minutes = {
      'one hour': 60,
      'one day': 1440,
      'two days': 2880,
      'one week': 10_080,
      'two weeks': 20_160,
      '30 days': 43_200,
    }[span]!;
    expect(num(right)).toBe(minutes / 10);
    for (const w of wrong) expect(num(w)).not.toBe(minutes / 10);
  },
  roman(_, { q, right, wrong }) {
    const n = numbersIn(q)[0]!;
    expect(fromRoman(right)).toBe(n);
    expect(right).toMatch(/^M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$/);
    for (const w of wrong) expect(fromRoman(w)).not.toBe(n);
  },
  hex(_, { q, right, wrong }) {
    const n = parseInt(q.match(/0x([0-9A-F]+)/)![1]!, 16);
    expect(num(right)).toBe(n);
    for (const w of wrong) expect(num(w)).not.toBe(n);
  },
  binary(_, { q, right, wrong }) {
    const n = parseInt(q.match(/number ([01]+) /)![1]!, 2);
    expect(Number(right)).toBe(n);
    for (const w of wrong) expect(Number(w)).not.toBe(n);
  },
  pow2(_, { q, right, wrong }) {
    const e = numbersIn(q).at(-1)!;
    expect(BigInt(right.replace(/,/g, ''))).toBe(2n ** BigInt(e));
    for (const w of wrong) expect(BigInt(w.replace(/,/g, ''))).not.toBe(2n ** BigInt(e));
  },
  nextleap(_, { q, right, wrong }) {
    // JavaScript's own calendar: 29 February exists only in a leap year.
    const leap = (y: number) => new Date(Date.UTC(y, 1, 29)).getUTCMonth() === 1;
    const after = numbersIn(q)[0]!;
    const first = Array.from({ length: 12 }, (_, i) => after + 1 + i).find(leap)!;
    expect(Number(right)).toBe(first);
    for (const w of wrong) expect(Number(w)).not.toBe(first);
  },
  si(_, { q, right, wrong }) {
    const prefix = q.match(/"(\w+)"/)?.[1];
    if (prefix) {
      expect(superscript(right)).toBe(SI[prefix]);
      for (const w of wrong) expect(superscript(w)).not.toBe(SI[prefix]);
    } else {
      const power = superscript(q.match(/by (10\S+)\?/)![1]!);
      expect(SI[right]).toBe(power);
      for (const w of wrong) expect(SI[w]).not.toBe(power);
      for (const w of wrong) expect(SI[w]).toBeDefined();
    }
  },
  convert(_, { q, right, wrong }) {
    const [, small, amount, big] = q.match(/How many (.+) are in (\d+|one) (.+)\?/)!;
    const singular: Record<string, string> = { foot: 'feet' };
    const factor = UNITS[`${small} in ${amount === 'one' ? (singular[big!] ?? `${big}s`) : big}`]!;
    expect(factor).toBeDefined();
    const n = amount === 'one' ? 1 : Number(amount);
    expect(num(right)).toBe(n * factor);
    for (const w of wrong) expect(num(w)).not.toBe(n * factor);
  },
  temp(_, { q, right, wrong }) {
    const celsius = numbersIn(q)[0]!;
    expect(num(right)).toBeCloseTo(celsius * 1.8 + 32, 9);
    for (const w of wrong) expect(num(w)).not.toBeCloseTo(celsius * 1.8 + 32, 9);
  },
  nextprime(_, { q, right, wrong }) {
    const after = numbersIn(q)[0]!;
    const first = Array.from({ length: 40 }, (_, i) => after + 1 + i).find(isPrime)!;
    expect(Number(right)).toBe(first);
    for (const w of wrong) expect(Number(w)).not.toBe(first);
    for (const w of wrong) expect(Number(w)).toBeGreaterThan(after);
  },
  sqrt(_, { q, right, wrong }) {
    const square = numbersIn(q)[0]!;
    expect(Number(right) ** 2).toBe(square);
    for (const w of wrong) expect(Number(w) ** 2).not.toBe(square);
  },
  bank(_, { q, topic, right, wrong }) {
    const entry = QUIZ_BANK.find((b) => b[1] === q)!;
    expect(entry).toBeDefined();
    expect([topic, right, ...wrong]).toEqual([entry[0], entry[2], entry[3], entry[4], entry[5]]);
  },
};

describe('Mr Quiz questions', () => {
  it('come from at least 60 topics, every subject of every topic makes a question with four different answers', () => {
    expect(QUIZ_TOPICS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(QUIZ_TOPICS.map((t) => t.name)).size).toBe(QUIZ_TOPICS.length);
    const keys = new Set<string>();
    let questions = 0;
    for (const topic of QUIZ_TOPICS) {
      expect(CHECKS[topic.id], `a check for topic ${topic.id}`).toBeDefined();
      expect(topic.size).toBeGreaterThan(0);
      let seed = 1;
      const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
      for (let i = 0; i < topic.size; i++) {
        const question = topic.make(i, random);
        questions++;
        expect(question.key).toBe(topic.keyOf(i));
        expect(question.key).toMatch(/^[a-z0-9]+:\S+$/);
        expect(question.topic).toBe(topic.name);
        const answers = [question.right, ...question.wrong];
        if (new Set(answers).size !== 4 || answers.some((a) => a.trim() === ''))
          expect.fail(`${question.key}: ${question.q} ${JSON.stringify(answers)}`);
        keys.add(question.key);
      }
    }
    // A key names one question, and no two subjects share a key.
    expect(keys.size).toBe(questions);
    // No two questions read alike, but the flags' "Which country of Western Europe has this flag?" (its picture differs).
    const texts = QUIZ_TOPICS.flatMap((t) =>
      t.id === 'flag' ? [] : Array.from({ length: t.size }, (_, i) => t.make(i, () => 0).q),
    );
    expect(texts.filter((q, i) => texts.indexOf(q) !== i)).toEqual([]);
    expect(questions).toBeGreaterThan(5_000);
  }, 60_000);

  it('1,000 generated questions: each right answer is the data’s, each wrong answer wrong and of the same kind', () => {
    const checked = new Map<string, number>();
    let generated = 0;
    for (let seed = 1; generated < 1000 || seed <= 200; seed++) {
      const { made, questions, state } = quizQuestions(seed * 7919);
      expect(made).toHaveLength(QUIZ_ROUNDS);
      for (const [i, question] of made.entries()) {
        const [id, subject] = [
          question.key.slice(0, question.key.indexOf(':')),
          question.key.slice(question.key.indexOf(':') + 1),
        ];
        try {
          CHECKS[id]!(subject, question);
        } catch (error) {
          throw new Error(
            `${question.key}: ${question.q} ${JSON.stringify([question.right, ...question.wrong])}\n${error}`,
            { cause: error },
          );
        }
        // The ticket shows the same four answers, and the server's order marks the right one.
        expect(questions[i]!.answers[state.orders[i]!.indexOf(0)]).toBe(question.right);
        expect([...questions[i]!.answers].sort()).toEqual([question.right, ...question.wrong].sort());
        if (id !== 'bank') generated++;
        checked.set(id, (checked.get(id) ?? 0) + 1);
      }
    }
    expect(generated).toBeGreaterThanOrEqual(1000);
    // Every kind of question was among them.
    expect([...checked.keys()].sort()).toEqual([...new Set(QUIZ_TOPICS.map((t) => t.id))].sort());
  });

  it('are made from the seed: the same seed and history make the same quiz, other seeds others', () => {
    const recent = new Set(quizQuestions(99).state.keys);
    expect(quizQuestions(12_345, recent)).toEqual(quizQuestions(12_345, recent));
    expect(quizQuestions(12_345).questions).toEqual(quizQuestions(12_345).questions);
    const quizzes = Array.from({ length: 20 }, (_, i) => JSON.stringify(quizQuestions(i).state.keys));
    expect(new Set(quizzes).size).toBe(20);
    // What the ticket carries: topic, question and answers, in an order only the server knows.
    for (const q of quizQuestions(7).questions) expect(Object.keys(q).sort()).toEqual(['answers', 'q', 'topic']);
    // A flag question carries its picture (and a find-the-flag question its four), nothing else more.
    for (let seed = 0; seed < 400; seed++) {
      for (const q of quizQuestions(seed).questions) {
        if (q.image) expect(Object.keys(q).sort()).toEqual(['answers', 'image', 'q', 'topic']);
        if (q.pictures) expect(Object.keys(q).sort()).toEqual(['answers', 'pictures', 'q', 'topic']);
      }
    }
  });

  it('leave out the questions asked lately, while a topic has others; ten questions even when all were asked', () => {
    const first = quizQuestions(5);
    const again = quizQuestions(5, new Set(first.state.keys));
    expect(again.state.keys!.filter((k) => first.state.keys!.includes(k))).toEqual([]);
    // Every question of every small topic asked lately: none of them comes back.
    const small = QUIZ_TOPICS.filter((t) => t.size <= 180);
    const asked = new Set(small.flatMap((t) => Array.from({ length: t.size }, (_, i) => t.keyOf(i))));
    for (let seed = 0; seed < 30; seed++) {
      const keys = quizQuestions(seed, asked).state.keys!;
      expect(keys).toHaveLength(QUIZ_ROUNDS);
      expect(keys.filter((k) => asked.has(k))).toEqual([]);
    }
    // Everything asked lately (no topic allows a fresh one): still ten different questions.
    const everything = new Set(QUIZ_TOPICS.flatMap((t) => Array.from({ length: t.size }, (_, i) => t.keyOf(i))));
    const full = quizQuestions(3, everything);
    expect(new Set(full.state.keys).size).toBe(QUIZ_ROUNDS);
  });

  it('are described truthfully in the catalogue: the topic count, how they are made, no claims the game does not keep', () => {
    for (const file of ['src/content/games/mr-quiz.md', 'src/content/about/mr-quiz.md']) {
      // The screenshots' own descriptions describe the pictures (drawn before the game was built; not this copy).
      const copy = readFileSync(file, 'utf8').replace(/\nscreenshots:\n( {2}.*\n)+/, '\n');
      expect(copy).toContain(`${QUIZ_TOPICS.length} topics`);
      expect(copy).toContain('open data');
      expect(copy).not.toMatch(/\bAI\b|AI-generated|unlimited|streak|never repeat|No two quizzes/i);
    }
    const game = readFileSync('src/content/games/mr-quiz.md', 'utf8');
    expect(game).toContain(`value: "${QUIZ_TOPICS.length}"`);
    expect(game).toContain(`last ${QUIZ_HISTORY} quizzes`);
  });

  it('show flags as pictures whose markup names no country (no emoji, no code in a file name)', () => {
    const flags = QUIZ_TOPICS.find((t) => t.id === 'flag')!;
    const find = QUIZ_TOPICS.find((t) => t.id === 'flagof')!;
    const random = () => 0.5;
    for (let i = 0; i < flags.size; i++) {
      const question = flags.make(i, random);
      const shown = [question.q, question.image!, ...quizPictures(find.make(i, random))];
      for (const text of shown) expect(text).not.toMatch(/\p{Regional_Indicator}/u);
      const markup = flagMarkup(question.image!);
      // Shapes and colours only: no text, no id or title, nothing but these elements and attributes.
      expect(markup.replace(/<[^>]+>/g, '').trim()).toBe('');
      for (const [, tag] of markup.matchAll(/<\/?([a-zA-Z]+)/g))
        expect(['svg', 'path', 'g', 'circle', 'ellipse']).toContain(tag);
      for (const [, name, value] of markup.matchAll(/ ([a-zA-Z:-]+)="([^"]*)"/g)) {
        expect(ATTRIBUTES).toContain(name);
        if (name === 'class') expect(value).toMatch(/^st\d+$/);
      }
    }
  });

  it('ask no arithmetic drill: what a quiz player answers from knowledge or fair mental arithmetic', () => {
    const all = QUIZ_TOPICS.filter((t) => t.source === 'rules').flatMap((t) =>
      Array.from({ length: t.size }, (_, i) => t.make(i, () => 0.5)),
    );
    const ids = new Set(all.map((q) => q.key.split(':')[0]));
    for (const gone of ['weekday', 'retarget', 'subsidy', 'halvings', 'blocks', 'leap', 'prime'])
      expect(ids).not.toContain(gone);
    for (const { key, q } of all) {
      const [id] = key.split(':');
      const n = numbersIn(q);
      if (id === 'convert') {
        const amount = q.includes(' one ') ? 1 : n[0]!;
        expect(amount).toBeLessThanOrEqual(9);
        if (/seconds in|feet are in [2-9] miles|yards are in [2-9]|bytes are in [2-9] kibibytes/.test(q))
          expect.fail(`a drill: ${q}`);
      }
      if (id === 'hex') expect(parseInt(q.match(/0x([0-9A-F]+)/)![1]!, 16)).toBeLessThanOrEqual(0xff);
      if (id === 'binary') expect(q.match(/number ([01]+) /)![1]!.length).toBeLessThanOrEqual(6);
      if (id === 'roman') expect(n[0]! <= 100 || (n[0]! >= 1900 && n[0]! <= 2030)).toBe(true);
      if (id === 'pow2') expect(n.at(-1)! <= 16 || [20, 24, 32].includes(n.at(-1)!)).toBe(true);
      if (id === 'sqrt') expect(Math.sqrt(n[0]!)).toBeLessThanOrEqual(40);
      if (id === 'nextprime') expect(n[0]!).toBeLessThanOrEqual(120);
      if (id === 'temp') expect(n[0]! % 10 === 0 || n[0] === 37).toBe(true);
      if (id === 'halved') expect(n[0]! % 50_000).toBe(0);
      if (id === 'epoch') expect(n[0]! / 210_000).toBeLessThanOrEqual(6);
      if (id === 'issued') expect(n.at(-2)! / 210_000).toBeLessThanOrEqual(3);
    }
  });

  it('each question, the bank’s too, has one line on why its answer is right', () => {
    expect(Object.keys(BANK_WHY).sort()).toEqual(QUIZ_BANK.map((b) => b[1]).sort());
    for (const topic of QUIZ_TOPICS) {
      for (let i = 0; i < topic.size; i++) {
        const { key, q, why } = topic.make(i, () => 0.5);
        if (!why || why.includes('\n') || why.length > 240 || why.includes('undefined') || why.includes('NaN'))
          expect.fail(`${key}: ${q} -> ${JSON.stringify(why)}`);
      }
    }
  });

  it('reads the bank from its data file, checked: a broken entry is refused with where and why', () => {
    const data = JSON.parse(readFileSync('src/content/mr-quiz/bank.json', 'utf8'));
    expect(parseQuizBank(data).topics.flatMap((t) => t.questions)).toHaveLength(QUIZ_BANK.length);
    const question = { q: 'Which is right?', right: 'This', wrong: ['That', 'Those', 'These'], why: 'Because.' };
    const bank = (questions: unknown[], topic = 'Test') => ({ topics: [{ topic, questions }] });
    expect(parseQuizBank(bank([question])).topics[0]!.questions[0]).toEqual(question);
    const refusal = (data: unknown) => {
      try {
        parseQuizBank(data);
      } catch (error) {
        return (error as Error).message;
      }
      return expect.fail('the bank was accepted');
    };
    expect(refusal(bank([{ ...question, wrong: ['That', 'Those'] }]))).toMatch(/topics\[0\]\.questions\[0\]\.wrong/);
    expect(refusal(bank([{ ...question, why: ' ' }]))).toMatch(/topics\[0\]\.questions\[0\]\.why/);
    expect(refusal(bank([{ ...question, wrong: ['This', 'Those', 'These'] }]))).toMatch(/answers must differ/);
    expect(refusal(bank([question, question]))).toMatch(/question text appears once/);
    expect(refusal({ topics: [...bank([question]).topics, ...bank([question], 'Test').topics] })).toMatch(
      /Each topic appears once/,
    );
    // A field the bank does not know (a typo) is refused, not left out.
    expect(refusal(bank([{ ...question, answer: 'This' }]))).toMatch(/at topics\[0\]\.questions\[0\]$/);
  });
});
