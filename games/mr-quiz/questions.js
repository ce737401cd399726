/**
 * Mr Quiz practice questions, for players who are not signed in (their runs are not saved). Each
 * entry: topic, question, and four answers - the FIRST one is correct (the game shuffles them).
 * Saved runs take their questions from the server (src/server/games/quiz-topics.ts: its curated bank
 * and questions generated from open data), whose answers reach the browser only once given.
 */

/**
 * One line on why each practice answer is right, by the question's text: shown after each answer,
 * as the server's line is after each answer of a saved quiz.
 */
export const WHY = {
  'What is the maximum number of bitcoin that will ever exist?':
    'The subsidy halves every 210,000 blocks, so the sum of all new coins stops just under 21 million.',
  'How many satoshis make up one bitcoin?':
    'One satoshi is a hundred-millionth of a bitcoin: 100,000,000 sats make one BTC.',
  'Who published the Bitcoin white paper in 2008?':
    'The white paper appeared on 31 October 2008 under the name Satoshi Nakamoto.',
  'On average, how often is a new Bitcoin block found?':
    'The difficulty retargets every 2,016 blocks to keep blocks about ten minutes apart.',
  'The Bitcoin block subsidy halves every how many blocks?':
    'Every 210,000 blocks, about four years, the subsidy halves: 50, 25, 12.5, 6.25, 3.125 BTC.',
  'What did Laszlo Hanyecz famously buy for 10,000 BTC in May 2010?':
    'On 22 May 2010 he paid 10,000 BTC for two pizzas: Bitcoin Pizza Day.',
  'What is the very first block of the Bitcoin blockchain called?':
    'Block 0 is the genesis block, the one every node has built in.',
  'Which hash function does Bitcoin mining use?':
    'Miners hash block headers with SHA-256, twice, until the hash is below the target.',
  'Where does the word "HODL" come from?':
    'A bitcointalk post of December 2013 was titled "I AM HODLING", a typo that stuck.',
  'In which month and year was the Bitcoin genesis block mined?': 'The genesis block is dated 3 January 2009.',
  'What is the Lightning Network?': 'Lightning moves payments through channels off-chain and settles them on Bitcoin.',
  'What do two Lightning users open between them to pay off-chain?':
    'A payment channel is a shared on-chain output both sides update off-chain.',
  'What do you usually share to request a Lightning payment?':
    'A BOLT 11 invoice says how much to pay, to whom, and the payment hash.',
  'What are the Lightning Network specification documents called?':
    'BOLT stands for Basis of Lightning Technology, the specs every implementation follows.',
  'Who wrote the Lightning Network white paper?':
    'Joseph Poon and Thaddeus Dryja published it in 2015 (draft) and 2016.',
  'Lightning can move amounts smaller than one satoshi. What is the unit?':
    'Lightning counts in millisatoshis: a thousandth of a satoshi.',
  'What does HTLC stand for?': 'A Hashed Time-Locked Contract pays whoever shows the secret, or refunds after a time.',
  'When a Lightning channel is closed, where is the final balance settled?':
    'Closing a channel spends its funding output on-chain, paying each side its balance.',
  'In which year did the Berlin Wall fall?': 'The border opened on 9 November 1989.',
  'Who was the first person to walk on the Moon?': 'Neil Armstrong stepped onto the Moon on 20 July 1969 (Apollo 11).',
  'Which civilisation built Machu Picchu?': 'The Inca built it in the 15th century, high in the Peruvian Andes.',
  'In which year did the Titanic sink?': 'The Titanic struck an iceberg and sank on 15 April 1912.',
  "Which US president ended the dollar's convertibility into gold in 1971?":
    'Richard Nixon closed the gold window on 15 August 1971.',
  'Who introduced movable-type printing to Europe around 1440?':
    "Johannes Gutenberg's press in Mainz printed the Gutenberg Bible in the 1450s.",
  'In which year did World War II end?': 'Germany surrendered in May 1945 and Japan in September 1945.',
  'The Great Pyramid of Giza was built for which pharaoh?':
    'It was built as the tomb of Khufu (Cheops), around 2560 BC.',
  'What is the chemical symbol for gold?': 'Au comes from aurum, Latin for gold.',
  'Which planet is known as the Red Planet?': 'Iron oxide (rust) in its dust makes Mars look red.',
  'How many bits are in one byte?': 'A byte is eight bits, enough for 256 values.',
  'Which gas do plants take from the air for photosynthesis?':
    'Plants turn carbon dioxide and water into sugar, giving off oxygen.',
  'Roughly how fast does light travel in a vacuum?': 'Light travels 299,792 km every second in a vacuum.',
  'What is the hardest natural mineral?': 'Diamond tops the Mohs scale at 10.',
  'What is the largest planet in our solar system?':
    'Jupiter is more than twice as massive as all the other planets together.',
  'Which particle carries a negative electric charge?': 'Electrons are negative, protons positive, neutrons neutral.',
  'Which part of a cell is known as its powerhouse?':
    'Mitochondria turn food into most of the energy (ATP) a cell uses.',
  'What is the capital of Japan?': "Tokyo has been Japan's capital since 1868.",
  'Which is the largest ocean on Earth?': "The Pacific covers about a third of the Earth's surface.",
  'In 2021, which country became the first to make bitcoin legal tender?':
    "El Salvador's Bitcoin Law came into force on 7 September 2021.",
  'What is the capital of Australia?': 'Canberra was built as the capital, a compromise between Sydney and Melbourne.',
  'What is the largest hot desert in the world?': 'The Sahara covers about 9 million km2 of North Africa.',
  'In which country is the city of Marrakesh?': "Marrakesh is one of Morocco's four imperial cities.",
  'What is the smallest country in the world by area?': 'Vatican City covers about 0.44 km2, inside Rome.',
  'Mount Everest lies on the border of Nepal and which other country?':
    "Everest's summit is on the border of Nepal and Tibet, in China.",
  'Which river flows through Cairo?': 'Cairo lies on the Nile, just south of its delta.',
  'In The Matrix, which pill does Neo take?': "Neo takes Morpheus's red pill and wakes up outside the Matrix.",
  'Which video game hero is a plumber in a red cap?':
    "Mario, Nintendo's plumber, first appeared in Donkey Kong (1981).",
  'What is the name of the wizarding school Harry Potter attends?':
    'Harry goes to Hogwarts School of Witchcraft and Wizardry.',
  'Which band released the album "Abbey Road"?':
    "The Beatles recorded Abbey Road in 1969, named after their studio's street.",
  'In which 1980 arcade game does a yellow hero eat dots and dodge ghosts?':
    "Namco's Pac-Man (1980) eats dots while Blinky, Pinky, Inky and Clyde chase him.",
  'What colour is Sonic the Hedgehog?': 'Sega made Sonic blue, the colour of its logo.',
  "In Star Wars, who is revealed to be Luke Skywalker's father?":
    '"I am your father": Darth Vader, in The Empire Strikes Back (1980).',
  'In which game do players dig, build and dodge Creepers?':
    "Creepers are Minecraft's green monsters that creep up and explode.",
};

export const QUESTIONS = [
  // Bitcoin
  [
    'Bitcoin',
    'What is the maximum number of bitcoin that will ever exist?',
    '21 million',
    '18 million',
    '100 million',
    'There is no limit',
  ],
  ['Bitcoin', 'How many satoshis make up one bitcoin?', '100,000,000', '1,000,000', '21,000,000', '10,000'],
  [
    'Bitcoin',
    'Who published the Bitcoin white paper in 2008?',
    'Satoshi Nakamoto',
    'Vitalik Buterin',
    'Hal Finney',
    'Nick Szabo',
  ],
  [
    'Bitcoin',
    'On average, how often is a new Bitcoin block found?',
    'About every 10 minutes',
    'About every minute',
    'About every hour',
    'About once a day',
  ],
  ['Bitcoin', 'The Bitcoin block subsidy halves every how many blocks?', '210,000', '100,000', '1,000,000', '52,560'],
  [
    'Bitcoin',
    'What did Laszlo Hanyecz famously buy for 10,000 BTC in May 2010?',
    'Two pizzas',
    'A used car',
    'A laptop',
    'A plane ticket',
  ],
  [
    'Bitcoin',
    'What is the very first block of the Bitcoin blockchain called?',
    'The genesis block',
    'The origin block',
    'The alpha block',
    'The root block',
  ],
  ['Bitcoin', 'Which hash function does Bitcoin mining use?', 'SHA-256', 'MD5', 'Scrypt', 'Keccak-256'],
  [
    'Bitcoin',
    'Where does the word "HODL" come from?',
    'A typo of "hold" in a 2013 forum post',
    'A bank acronym',
    'A mining command',
    'A Lightning error code',
  ],
  [
    'Bitcoin',
    'In which month and year was the Bitcoin genesis block mined?',
    'January 2009',
    'October 2008',
    'March 2010',
    'December 2011',
  ],
  // Lightning
  [
    'Lightning',
    'What is the Lightning Network?',
    'A layer-2 payment network on top of Bitcoin',
    'A new altcoin',
    'A mining pool',
    'A hardware wallet brand',
  ],
  [
    'Lightning',
    'What do two Lightning users open between them to pay off-chain?',
    'A payment channel',
    'A new block',
    'A mempool',
    'A hard fork',
  ],
  [
    'Lightning',
    'What do you usually share to request a Lightning payment?',
    'An invoice',
    'Your seed phrase',
    'An IBAN',
    'Your private key',
  ],
  ['Lightning', 'What are the Lightning Network specification documents called?', 'BOLTs', 'EIPs', 'RFCs', 'PEPs'],
  [
    'Lightning',
    'Who wrote the Lightning Network white paper?',
    'Joseph Poon and Thaddeus Dryja',
    'Satoshi Nakamoto',
    'Adam Back and Hal Finney',
    'Andreas Antonopoulos',
  ],
  [
    'Lightning',
    'Lightning can move amounts smaller than one satoshi. What is the unit?',
    'Millisatoshi',
    'Microbit',
    'Nanocoin',
    'Centisat',
  ],
  [
    'Lightning',
    'What does HTLC stand for?',
    'Hashed Time-Locked Contract',
    'High Transfer Lightning Channel',
    'Hybrid Token Lock Code',
    'Hash Transaction Ledger Chain',
  ],
  [
    'Lightning',
    'When a Lightning channel is closed, where is the final balance settled?',
    'On the Bitcoin blockchain',
    'In a bank ledger',
    'On a central server',
    'Nowhere - it disappears',
  ],
  // History
  ['History', 'In which year did the Berlin Wall fall?', '1989', '1991', '1985', '1979'],
  [
    'History',
    'Who was the first person to walk on the Moon?',
    'Neil Armstrong',
    'Buzz Aldrin',
    'Yuri Gagarin',
    'John Glenn',
  ],
  ['History', 'Which civilisation built Machu Picchu?', 'The Inca', 'The Aztecs', 'The Maya', 'The Olmecs'],
  ['History', 'In which year did the Titanic sink?', '1912', '1905', '1921', '1898'],
  [
    'History',
    "Which US president ended the dollar's convertibility into gold in 1971?",
    'Richard Nixon',
    'John F. Kennedy',
    'Ronald Reagan',
    'Jimmy Carter',
  ],
  [
    'History',
    'Who introduced movable-type printing to Europe around 1440?',
    'Johannes Gutenberg',
    'Leonardo da Vinci',
    'Isaac Newton',
    'Galileo Galilei',
  ],
  ['History', 'In which year did World War II end?', '1945', '1944', '1939', '1950'],
  [
    'History',
    'The Great Pyramid of Giza was built for which pharaoh?',
    'Khufu',
    'Tutankhamun',
    'Ramesses II',
    'Cleopatra',
  ],
  // Science
  ['Science', 'What is the chemical symbol for gold?', 'Au', 'Ag', 'Gd', 'Go'],
  ['Science', 'Which planet is known as the Red Planet?', 'Mars', 'Jupiter', 'Venus', 'Mercury'],
  ['Science', 'How many bits are in one byte?', '8', '4', '16', '10'],
  [
    'Science',
    'Which gas do plants take from the air for photosynthesis?',
    'Carbon dioxide',
    'Oxygen',
    'Nitrogen',
    'Helium',
  ],
  [
    'Science',
    'Roughly how fast does light travel in a vacuum?',
    '300,000 km per second',
    '30,000 km per second',
    '3,000 km per second',
    '3,000,000 km per second',
  ],
  ['Science', 'What is the hardest natural mineral?', 'Diamond', 'Quartz', 'Topaz', 'Granite'],
  ['Science', 'What is the largest planet in our solar system?', 'Jupiter', 'Saturn', 'Neptune', 'Earth'],
  [
    'Science',
    'Which particle carries a negative electric charge?',
    'The electron',
    'The proton',
    'The neutron',
    'The photon',
  ],
  ['Science', 'Which part of a cell is known as its powerhouse?', 'Mitochondria', 'Nucleus', 'Ribosome', 'Cell wall'],
  // Geography
  ['Geography', 'What is the capital of Japan?', 'Tokyo', 'Kyoto', 'Osaka', 'Seoul'],
  ['Geography', 'Which is the largest ocean on Earth?', 'The Pacific', 'The Atlantic', 'The Indian', 'The Arctic'],
  [
    'Geography',
    'In 2021, which country became the first to make bitcoin legal tender?',
    'El Salvador',
    'Switzerland',
    'Japan',
    'Portugal',
  ],
  ['Geography', 'What is the capital of Australia?', 'Canberra', 'Sydney', 'Melbourne', 'Perth'],
  [
    'Geography',
    'What is the largest hot desert in the world?',
    'The Sahara',
    'The Gobi',
    'The Kalahari',
    'The Atacama',
  ],
  ['Geography', 'In which country is the city of Marrakesh?', 'Morocco', 'Egypt', 'Tunisia', 'Algeria'],
  [
    'Geography',
    'What is the smallest country in the world by area?',
    'Vatican City',
    'Monaco',
    'San Marino',
    'Liechtenstein',
  ],
  [
    'Geography',
    'Mount Everest lies on the border of Nepal and which other country?',
    'China',
    'India',
    'Bhutan',
    'Pakistan',
  ],
  ['Geography', 'Which river flows through Cairo?', 'The Nile', 'The Tigris', 'The Congo', 'The Niger'],
  // Pop culture
  [
    'Pop culture',
    'In The Matrix, which pill does Neo take?',
    'The red pill',
    'The blue pill',
    'The green pill',
    'The orange pill',
  ],
  ['Pop culture', 'Which video game hero is a plumber in a red cap?', 'Mario', 'Luigi', 'Link', 'Sonic'],
  [
    'Pop culture',
    'What is the name of the wizarding school Harry Potter attends?',
    'Hogwarts',
    'Beauxbatons',
    'Durmstrang',
    'Ilvermorny',
  ],
  [
    'Pop culture',
    'Which band released the album "Abbey Road"?',
    'The Beatles',
    'The Rolling Stones',
    'Queen',
    'Pink Floyd',
  ],
  [
    'Pop culture',
    'In which 1980 arcade game does a yellow hero eat dots and dodge ghosts?',
    'Pac-Man',
    'Space Invaders',
    'Donkey Kong',
    'Asteroids',
  ],
  ['Pop culture', 'What colour is Sonic the Hedgehog?', 'Blue', 'Red', 'Green', 'Yellow'],
  [
    'Pop culture',
    "In Star Wars, who is revealed to be Luke Skywalker's father?",
    'Darth Vader',
    'Obi-Wan Kenobi',
    'Han Solo',
    'Yoda',
  ],
  [
    'Pop culture',
    'In which game do players dig, build and dodge Creepers?',
    'Minecraft',
    'Fortnite',
    'Tetris',
    'The Sims',
  ],
].map(([topic, q, ...answers]) => ({ topic, q, answers, why: WHY[q] }));
