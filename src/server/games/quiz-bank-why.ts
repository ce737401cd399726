// Mr Quiz: one line on why each curated question's answer is right (README, "Mr Quiz"), by the
// question's text (`quiz-bank.ts`); the server sends it with the answer's result. A unit test holds
// every bank question to having one.
export const BANK_WHY: Readonly<Record<string, string>> = {
  'What is the smallest unit of bitcoin called?':
    'One satoshi is a hundred-millionth of a bitcoin, named after Satoshi Nakamoto.',
  'What does "UTXO" stand for?': 'A UTXO is an unspent output of an earlier transaction: the coins a wallet can spend.',
  "What is the name of the message embedded in the genesis block's coinbase about?":
    'The coinbase quotes The Times of 3 January 2009: "Chancellor on brink of second bailout for banks".',
  'Roughly how often does the mining difficulty adjust?':
    'Every 2,016 blocks (about two weeks) the difficulty retargets to keep blocks ten minutes apart.',
  'What was the block subsidy when Bitcoin launched?':
    'The first blocks paid 50 BTC each until the first halving at block 210,000.',
  'What was the block subsidy after the 2024 halving?':
    'The April 2024 halving cut the subsidy from 6.25 BTC to 3.125 BTC.',
  'What is a "nonce" in Bitcoin mining?':
    "Miners change the nonce (and more) until the block's hash falls below the target.",
  'What does a 12 or 24 word seed phrase let you do?':
    "The seed phrase encodes the master key from which the wallet's keys are derived again.",
  'Which upgrade activated in 2021 and introduced Schnorr signatures?':
    'Taproot activated in November 2021 (block 709,632) with Schnorr signatures (BIP 340).',
  'Which soft fork activated in 2017 and moved signatures out of the base transaction data?':
    'SegWit (BIP 141) activated in August 2017, moving signatures into the segregated witness.',
  'What is the waiting area for unconfirmed transactions called?':
    'Nodes keep unconfirmed transactions in their mempool until a miner includes them.',
  'What is a "full node"?': 'A full node validates every block and transaction against the rules, trusting no one.',
  'Which country made bitcoin legal tender in 2021?': "El Salvador's Bitcoin Law took effect on 7 September 2021.",
  'What are BIPs?': 'BIPs are the design documents that propose and describe changes to Bitcoin.',
  'What do "sats per vbyte" measure?':
    "The fee rate is the fee divided by the transaction's virtual size, in sats per vbyte.",
  'What is a "cold wallet"?': 'A cold wallet keeps its private keys off any networked device.',
  'About when will the last bitcoin be mined?':
    'The subsidy halves every four years or so, reaching zero around the year 2140.',
  'What is the name for a block that was valid but did not end up in the longest chain?':
    'A stale block was valid but another block at its height won the chain.',
  'Which famous early Bitcoin developer received the first Bitcoin transaction?':
    'Satoshi Nakamoto sent Hal Finney 10 BTC in block 170, on 12 January 2009.',
  'What does "not your keys, not your coins" warn about?':
    'Whoever holds the keys controls the coins: a custodian can lose or freeze them.',
  'What does a Lightning invoice usually start with on mainnet?':
    'Mainnet invoices (BOLT 11) start with "lnbc": Lightning Network, bitcoin.',
  'What is a Lightning "route"?': 'A payment hops along a route of channels from the payer to the payee.',
  'What is "inbound liquidity"?':
    'Inbound liquidity is the balance on the other side of your channels: what you can receive.',
  'What does a watchtower do in Lightning?':
    'A watchtower punishes a peer who broadcasts an outdated channel state while you are offline.',
  'What is a "Lightning address" shaped like?':
    'A Lightning address looks like name@domain.com and resolves to invoices over LNURL.',
  'What does LNURL mainly make easier?': 'LNURL turns a payment request or withdrawal into one link or QR code.',
  "What happens when a payment can't find a route?":
    'An unpaid route attempt settles nothing: the HTLCs expire and the sats stay with the sender.',
  'What is a "zap" on Nostr?': 'On Nostr, a zap is a Lightning payment attached to a note or a profile.',
  'What is the secret whose hash locks a Lightning payment called?':
    'The payee reveals the preimage of the payment hash to claim the payment.',
  'What does closing a channel cooperatively mean?':
    'In a cooperative close both peers sign one transaction paying out the final balances.',
  'What is a "keysend" payment?': 'Keysend puts the preimage in the payment itself, so no invoice is needed.',
  'Why are Lightning payments fast?': 'Payments move balances inside channels: nothing waits for a block.',
  'What is an "onion" in Lightning routing?': 'Each hop peels one layer of the onion and learns only the next hop.',
  'What happens to an HTLC if the payment is not completed in time?':
    'An HTLC that is not settled before its timelock expires returns the funds to the sender.',
  'In which year was the Lightning Network paper first published?':
    'Joseph Poon and Thaddeus Dryja published the Lightning Network paper in 2015.',
  'What is "channel capacity"?':
    "A channel's capacity is the bitcoin its funding transaction locked, both sides together.",
  'What is inflation?': 'Inflation is a general rise in prices: each unit of money buys less.',
  'What is deflation?': 'Deflation is a general fall in prices: each unit of money buys more.',
  'What is hyperinflation usually defined as?':
    "Phillip Cagan's classic definition: prices rising more than 50% in one month.",
  'What does GDP measure?': 'GDP sums the market value of all final goods and services produced in a period.',
  "What is a central bank's key interest rate used to influence?":
    "A central bank's policy rate steers what banks charge to borrow, and so inflation.",
  'What does "quantitative easing" involve?':
    'In quantitative easing a central bank creates reserves to buy bonds and other assets.',
  'What is "opportunity cost"?':
    'Opportunity cost is what the best alternative you did not choose would have given you.',
  'What is the law of supply and demand about?':
    'Prices rise when more is wanted than offered and fall when more is offered than wanted.',
  'What is a "bear market"?': 'A bear market is a long fall, often counted as 20% or more from a peak.',
  'What is a "bull market"?': 'A bull market is a long rise in prices, with buyers confident.',
  'What is "compound interest"?': 'With compound interest, the interest earned is added and earns interest itself.',
  'What is "fiat money"?': 'Fiat money has value by law (legal tender), not because a commodity backs it.',
  'What does "CPI" stand for?': 'CPI, the Consumer Price Index, tracks the price of a basket of household goods.',
  'In which country did prices double about every day in 2008?':
    "Zimbabwe's inflation peaked in November 2008, prices doubling about every 24 hours.",
  'What is "Gresham\'s law" usually summed up as?': "Gresham's law: people spend the debased money and hoard the good.",
  'Which economist wrote "The Wealth of Nations"?': 'Adam Smith published "The Wealth of Nations" in 1776.',
  'Which school of economics is associated with Ludwig von Mises and Friedrich Hayek?':
    'The Austrian school, from Carl Menger on, includes Ludwig von Mises and Friedrich Hayek.',
  'What is a "recession" usually defined as?':
    'Two consecutive quarters of falling GDP is the common rule of thumb for a recession.',
  'What did the Bretton Woods system of 1944 tie the US dollar to?':
    'Bretton Woods fixed the dollar to gold at $35 an ounce, and other currencies to the dollar.',
  "In which year did President Nixon end the dollar's convertibility into gold?":
    'On 15 August 1971 Nixon "closed the gold window", ending Bretton Woods.',
  'Which people used large stone discs called Rai as money?':
    'On Yap, in Micronesia, huge limestone discs called rai record who owns what.',
  'Where were the first paper banknotes widely used?':
    'Song dynasty China printed the first widely used paper money, the jiaozi.',
  'What were cowrie shells used for in many parts of the world?':
    'Cowrie shells served as money in Africa, South Asia and China for centuries.',
  'What was the Roman silver coin that was debased over centuries?':
    'The denarius lost most of its silver as emperors debased it to pay their bills.',
  'What is "seigniorage"?': "Seigniorage is the gap between money's face value and what it costs to make.",
  'Which metal was the basis of the "gold standard" alternative called bimetallism together with gold?':
    'Bimetallism backs a currency with both gold and silver at a fixed ratio.',
  'What did US Executive Order 6102 of 1933 do?':
    'Executive Order 6102 forced Americans to sell most of their gold to the Federal Reserve.',
  'What year was the Federal Reserve created?': 'The Federal Reserve Act was signed in December 1913.',
  'Which currency replaced 12 national currencies in 2002 as cash?':
    'Euro notes and coins replaced 12 national currencies on 1 January 2002.',
  'What were "tally sticks" used for in medieval England?':
    'A notched tally stick was split in two: each party kept half as a record of the debt.',
  'Which Dutch mania of the 1630s is a famous price bubble?':
    'In 1637 tulip bulb prices in Holland soared and then collapsed.',
  'What was the South Sea Bubble?': "The South Sea Company's shares soared in 1720 and crashed the same year.",
  'Which empire issued the first known coins in Lydia around 600 BC?':
    'Lydia, in western Anatolia, struck the first known coins from electrum.',
  'What does "debasement" of coins mean?':
    'Debasing coins means cutting their precious metal with cheaper metal at the same face value.',
  "What is a hash function's output often called?":
    "A hash's fixed-length output is called a digest (or simply the hash).",
  'What does public-key cryptography use?':
    'Public-key cryptography uses a key pair: the public key encrypts or verifies, the private decrypts or signs.',
  'What is the Caesar cipher?': 'Julius Caesar shifted each letter three places along the alphabet.',
  "Which machine did Alan Turing's team help break in World War II?":
    "At Bletchley Park, Turing's bombe machines helped break the German Enigma cipher.",
  'What does "end-to-end encryption" mean?':
    'With end-to-end encryption only the sender and recipient hold the keys, not the server.',
  'Which curve does Bitcoin use for its keys?': 'Bitcoin keys live on the elliptic curve secp256k1.',
  'What is a "salt" in password storage?': 'A salt makes each stored hash unique, so precomputed tables are useless.',
  'What does "2FA" stand for?': '2FA, two-factor authentication, asks for something you know and something you have.',
  'What does RSA stand for?':
    'RSA is named after Ron Rivest, Adi Shamir and Leonard Adleman, who published it in 1977.',
  'What is a "brute-force attack"?': 'A brute-force attack tries keys one by one until one works.',
  'What is a digital signature for?':
    'A signature proves the signer holds the private key and that the message was not altered.',
  'Who first described a hash-based proof-of-work called Hashcash?':
    'Adam Back proposed Hashcash in 1997; the Bitcoin white paper cites it.',
  'What is a Merkle tree?': 'A Merkle tree hashes pairs of hashes up to one root that commits to all the data.',
  'Which program by Phil Zimmermann brought strong email encryption to the public in 1991?':
    'Phil Zimmermann released Pretty Good Privacy (PGP) in 1991.',
  'What were the "cypherpunks"?': "The cypherpunks' mailing list (from 1992) pushed privacy through cryptography.",
  'What is "steganography"?': "Steganography hides a message's very existence, in an image or a text.",
  'What does "CPU" stand for?': "The CPU, the central processing unit, executes a computer's instructions.",
  'How many bits are in a byte?': 'A byte is eight bits.',
  'Who is often called the first computer programmer?':
    "Ada Lovelace wrote an algorithm for Babbage's Analytical Engine in 1843.",
  'What does "HTTP" stand for?': 'HTTP, the HyperText Transfer Protocol, is how browsers fetch web pages.',
  'Which company made the first commercially successful microprocessor, the 4004?':
    "Intel's 4004 of 1971 was the first commercially successful microprocessor.",
  'What is open-source software?': 'Open-source licences let anyone read, change and share the code.',
  'Who created the Linux kernel?': 'Linus Torvalds started the Linux kernel in 1991 as a student in Helsinki.',
  'What does "RAM" stand for?': 'RAM, random access memory, can be read at any address in any order.',
  'Who invented the World Wide Web?': 'Tim Berners-Lee proposed the World Wide Web at CERN in 1989.',
  'What is a "bug" in software?': 'A bug is a mistake in a program that makes it behave wrongly.',
  'Which number system do computers use at the lowest level?':
    'At the lowest level, computers store and compute everything in binary: 0s and 1s.',
  'What does "URL" stand for?': 'A URL, Uniform Resource Locator, is a web address.',
  'Which programming language is named after a British comedy group?':
    "Guido van Rossum named Python after Monty Python's Flying Circus.",
  'What is "phishing"?': 'Phishing lures people with fake messages into giving away passwords or money.',
  'What does "AI" stand for?': 'AI stands for artificial intelligence.',
  "Moore's law predicted the number of transistors on a chip would double about every…":
    'Gordon Moore predicted (in 1975) a doubling about every two years.',
  'What is the name of the test for whether a machine can seem human in conversation?':
    'Alan Turing proposed his imitation game, the Turing test, in 1950.',
  'Which admiral popularised the word "debugging" after a moth was found in a computer?':
    "In 1947 Grace Hopper's team taped a moth from the Harvard Mark II into their logbook.",
  'What is the chemical symbol for silver?': 'Ag comes from the Latin for silver, argentum.',
  "What is the most abundant gas in Earth's air?": "Nitrogen makes up about 78% of Earth's air.",
  'How many bones are in an adult human body?':
    'An adult skeleton has 206 bones; a baby is born with more, which fuse.',
  'What is the speed of light in a vacuum, roughly?': 'Light travels about 299,792 km per second in a vacuum.',
  'What is H2O?': 'H2O is two hydrogen atoms and one oxygen atom: water.',
  'What is the powerhouse of the cell?': "Mitochondria make most of the cell's energy (ATP).",
  'Which scientist proposed the theory of general relativity?': 'Albert Einstein published general relativity in 1915.',
  'What is the hardest natural material?': 'Diamond, pure carbon in a tight lattice, is the hardest natural material.',
  'What is absolute zero in degrees Celsius?': 'Absolute zero is 0 kelvin, -273.15 °C.',
  'What does DNA stand for?': 'DNA is deoxyribonucleic acid, the molecule of genes.',
  'What is the pH of pure water?': 'Pure water at 25 °C is neutral: pH 7.',
  'Which particle has a negative charge?': 'Electrons carry a negative charge, protons a positive one.',
  'Who discovered penicillin?': 'Alexander Fleming noticed penicillin mould killing bacteria in 1928.',
  'Which element has the atomic number 1?': 'Hydrogen has one proton: atomic number 1.',
  'What is the boiling point of water at sea level?': 'At sea-level pressure water boils at 100 °C.',
  'Marie Curie won Nobel Prizes in which two sciences?':
    'Marie Curie won the 1903 Nobel Prize in Physics and the 1911 Prize in Chemistry.',
  'What force keeps the planets in orbit around the Sun?':
    'Gravity pulls the planets toward the Sun and keeps them in orbit.',
  'Which planet has the most famous ring system?': "Saturn's rings, of ice and rock, are the brightest and best known.",
  'What is the closest star to Earth?':
    'The Sun is a star, about 8 light-minutes away; the next, Proxima Centauri, is 4.2 light-years.',
  'How long does light from the Sun take to reach Earth, roughly?':
    'Sunlight covers the 150 million km to Earth in about 8 minutes 20 seconds.',
  'What was the first artificial satellite, launched in 1957?':
    'The Soviet Union launched Sputnik 1 on 4 October 1957.',
  'Who was the first human in space?': 'Yuri Gagarin orbited Earth in Vostok 1 on 12 April 1961.',
  'What is the name of our galaxy?': 'Our solar system lies in the Milky Way.',
  'Which planet is closest to the Sun?': 'Mercury orbits closest to the Sun.',
  'Which space telescope launched in 2021 to study the early universe in infrared?':
    'The James Webb Space Telescope launched on 25 December 2021.',
  'What is a light-year?': 'A light-year, about 9.46 trillion km, is a distance, not a time.',
  'What did Pluto get reclassified as in 2006?':
    'In 2006 the IAU defined "planet" so that Pluto became a dwarf planet.',
  'Which mission first landed humans on the Moon?':
    'Apollo 11 landed Neil Armstrong and Buzz Aldrin on the Moon on 20 July 1969.',
  'Which planet spins on its side?': "Uranus's axis is tilted about 98°, so it rolls around the Sun on its side.",
  'What is the hottest planet in our solar system?':
    "Venus's thick carbon dioxide air traps heat: about 465 °C at the surface.",
  "What is the name of Mars' largest volcano?":
    'Olympus Mons on Mars rises about 22 km, the tallest volcano known in the solar system.',
  'What is the longest river in Africa?': "The Nile runs about 6,650 km to the Mediterranean, Africa's longest river.",
  'Which is the largest ocean?': "The Pacific covers about a third of Earth's surface, more than all land together.",
  'What is the capital of Canada?': "Ottawa, in Ontario, has been Canada's capital since 1857.",
  'Which country has the most people (as of 2024)?': 'India passed China as the most populous country in 2023.',
  'What is the highest mountain on Earth above sea level?': 'Mount Everest stands 8,849 m above sea level.',
  'Which desert is the largest hot desert?': 'The Sahara covers about 9 million km² of North Africa.',
  'Which country is both in Europe and Asia and has Istanbul?':
    'Turkey spans Europe and Asia, and Istanbul lies on both sides of the Bosphorus.',
  'Which river flows through Paris?': 'The Seine flows through Paris on its way to the English Channel.',
  'On which continent is the Atacama Desert?':
    'The Atacama, one of the driest places on Earth, is in Chile in South America.',
  "What is the capital of Switzerland's federal government?":
    "Bern is Switzerland's federal city, the seat of its government.",
  'Which country has the most islands?': 'Sweden counts about 267,000 islands, more than any other country.',
  'Which lake is the deepest in the world?': 'Lake Baikal in Siberia is about 1,640 m deep, the deepest lake.',
  'What is the capital of Brazil?': 'Brasília, built in the 1950s, replaced Rio de Janeiro as capital in 1960.',
  'Which US state is made up of islands in the Pacific?':
    'Hawaii is a chain of volcanic islands in the Pacific, a US state since 1959.',
  'Which country is home to the city of Marrakesh?':
    'Marrakesh is a city in Morocco, at the foot of the Atlas Mountains.',
  'Which ancient wonder stood in the harbour of Rhodes?':
    'The Colossus, a bronze statue of Helios, stood at Rhodes from about 280 BC.',
  'Who was the first emperor of Rome?': 'Augustus became the first Roman emperor in 27 BC.',
  "Which document was signed in 1215 and limited the English king's power?":
    'King John sealed the Magna Carta at Runnymede in 1215.',
  'Who painted the ceiling of the Sistine Chapel?':
    'Michelangelo painted the Sistine Chapel ceiling from 1508 to 1512.',
  'Which ship carried the Pilgrims to America in 1620?':
    'The Mayflower sailed from Plymouth and reached Cape Cod in November 1620.',
  'Which city was buried by Mount Vesuvius in 79 AD?':
    'Vesuvius erupted in 79 AD and buried Pompeii (and Herculaneum) in ash.',
  'Who was the first President of the United States?':
    'George Washington took office as the first US President in 1789.',
  'In which country did the Industrial Revolution begin?':
    'The Industrial Revolution began in Great Britain in the 18th century.',
  "Which wall was built to protect China's northern borders?":
    'The Great Wall was built over centuries against raids from the north.',
  'Who was the queen of ancient Egypt famous for her link to Julius Caesar and Mark Antony?':
    'Cleopatra VII, the last Ptolemaic ruler of Egypt, allied with Caesar and then Mark Antony.',
  'Which explorer led the first voyage around the world, completed in 1522?':
    'Magellan died on the way; Juan Sebastián Elcano brought the last ship home in 1522.',
  'What was the name of the printing pioneer who used movable type in Europe around 1450?':
    'Johannes Gutenberg printed with movable metal type in Mainz around 1450.',
  'In which year did the French Revolution begin?':
    'The French Revolution began in 1789; the Bastille fell on 14 July.',
  'Which empire was ruled by Genghis Khan?': 'Genghis Khan founded the Mongol Empire in 1206.',
  'Which civilisation built the pyramids of Giza?':
    'The ancient Egyptians built the Giza pyramids around 2600-2500 BC.',
  'Who was the British prime minister for most of World War II?':
    'Winston Churchill led Britain from May 1940 to July 1945.',
  'Which event started World War I in 1914?':
    'Gavrilo Princip shot Archduke Franz Ferdinand in Sarajevo on 28 June 1914.',
  'What is the largest animal that has ever lived?':
    'A blue whale can reach about 30 m and 190 tonnes, more than any dinosaur.',
  'How many legs does a spider have?': 'Spiders are arachnids, with eight legs (insects have six).',
  'Which bird is known for copying human speech?': 'Parrots such as the African grey can mimic human speech.',
  'What do bees collect from flowers to make honey?': 'Bees gather nectar and turn it into honey in the hive.',
  'What is the fastest land animal?': 'A cheetah can sprint at about 100-120 km/h.',
  'Which animal is known as the "ship of the desert"?':
    'Camels store fat in their humps and go days without water: ideal for deserts.',
  'What is a group of lions called?': 'A group of lions is a pride.',
  'Which tree produces acorns?': 'Acorns are the nuts of oak trees.',
  'What is the only mammal that can truly fly?':
    'Bats are the only mammals with true powered flight; others only glide.',
  'How many hearts does an octopus have?': 'An octopus has three hearts: two for the gills, one for the body.',
  'What do pandas mostly eat?': "Bamboo makes up about 99% of a giant panda's diet.",
  'What is a baby kangaroo called?': 'Baby kangaroos, like other baby marsupials, are called joeys.',
  'What gas do plants take in for photosynthesis?':
    'Plants take in carbon dioxide and release oxygen in photosynthesis.',
  'Which is the largest living bird?': 'The ostrich, up to about 2.7 m tall, is the largest living bird.',
  'What is the tallest type of tree?': 'Coast redwoods grow over 115 m tall (Hyperion is the tallest known tree).',
  'Which insect turns from a caterpillar into a winged adult?':
    'A caterpillar becomes a butterfly through metamorphosis in a chrysalis.',
  'Which sea creature has no brain, heart or bones and drifts with currents?':
    'Jellyfish have a net of nerves but no brain, heart or bones.',
  'In which animal do the males carry the young?': 'Male seahorses carry the eggs in a brood pouch until they hatch.',
  'How many players does a football (soccer) team have on the pitch?':
    'Each side fields 11 players, the goalkeeper included.',
  'In which sport would you perform a slam dunk?': 'A slam dunk is a basketball shot pushed down through the hoop.',
  'How often are the Summer Olympic Games normally held?':
    "The Summer Olympics are held every four years (Tokyo's 2020 Games came in 2021).",
  'In which city were the first modern Olympic Games held in 1896?':
    'The first modern Olympics were held in Athens in 1896.',
  'How many rings are on the Olympic flag?': 'The five interlocking rings stand for the continents taking part.',
  'In tennis, what is a score of zero called?':
    'In tennis "love" means zero, perhaps from the French "l\'œuf", the egg.',
  'Which country has won the most FIFA World Cups (to 2022)?':
    'Brazil has won five World Cups: 1958, 1962, 1970, 1994 and 2002.',
  'In golf, what is one stroke under par called?': 'One under par is a birdie; two under an eagle.',
  'How long is a marathon?':
    'The marathon is 42.195 km, the distance of the 1908 London Olympics, standard since 1921.',
  'In which sport is the Tour de France?':
    'The Tour de France, raced each July since 1903 (but in the world wars), is a cycling race.',
  'How many points is a touchdown worth in American football?':
    'A touchdown scores 6 points, before the extra point or two-point try.',
  'Which sport uses a shuttlecock?': 'Badminton is played with a feathered shuttlecock.',
  'In chess, which piece can only move diagonally?':
    'The bishop moves only diagonally, so it stays on squares of one colour.',
  'Which sport is played at Wimbledon?': 'Wimbledon, in London, is the oldest tennis tournament, since 1877.',
  'How many holes are on a standard golf course?': 'A standard golf course has 18 holes.',
  'In which sport do you score a "strike"?': 'In bowling, a strike knocks down all ten pins with the first ball.',
  'In boxing, what does "KO" mean?': 'KO means knockout: a boxer who cannot rise within a count of ten.',
  'Which country invented the sport of judo?': 'Jigoro Kano founded judo in Japan in 1882.',
  'How many strings does a standard guitar have?': 'A standard guitar has six strings, tuned E A D G B E.',
  'Which composer wrote the "Moonlight Sonata"?':
    'Beethoven\'s Piano Sonata No. 14 was nicknamed "Moonlight" after his death.',
  'How many keys does a standard piano have?': 'A standard piano has 88 keys: 52 white and 36 black.',
  'Which band sang "Bohemian Rhapsody"?': 'Queen released "Bohemian Rhapsody" in 1975; Freddie Mercury wrote it.',
  'From which city did The Beatles come?': 'The Beatles formed in Liverpool in 1960.',
  'Who is known as the "King of Pop"?': 'Michael Jackson, of "Thriller", is known as the King of Pop.',
  'Who is known as the "King of Rock and Roll"?': 'Elvis Presley is called the King of Rock and Roll.',
  'Which instrument has pedals, pipes and is often found in churches?':
    'A pipe organ sounds through pipes and has pedals for the bass.',
  'What is the Italian word for "very loud" in music?': 'Fortissimo (ff) means very loud; pianissimo (pp) very soft.',
  'Which composer wrote "The Four Seasons"?':
    'Antonio Vivaldi wrote "The Four Seasons", four violin concertos, around 1720.',
  'How many lines does a musical staff have?': 'A musical staff has five lines and four spaces.',
  'Which Swedish group won Eurovision in 1974 with "Waterloo"?':
    'ABBA won Eurovision 1974 in Brighton with "Waterloo".',
  'Which instrument did Louis Armstrong famously play?':
    'Louis Armstrong was a jazz trumpeter (and singer) from New Orleans.',
  'Which kind of music came out of New Orleans in the early 1900s?':
    'Jazz grew out of New Orleans in the early 1900s, from blues and ragtime.',
  'Which country does the K-pop band BTS come from?': 'BTS is a South Korean band from Seoul, formed in 2013.',
  'How many musicians play in a quartet?': 'A quartet is four musicians, as in a string quartet.',
  'Which composer was deaf when he wrote his Ninth Symphony?':
    'Beethoven was almost completely deaf when he finished the Ninth in 1824.',
  'Which Jamaican singer is famous for "No Woman, No Cry"?':
    'Bob Marley and the Wailers recorded "No Woman, No Cry" in 1974.',
  'Which film features a shark terrorising a beach town?':
    'Steven Spielberg\'s "Jaws" (1975) follows a great white shark off Amity Island.',
  'In "The Wizard of Oz", what colour is the brick road?': 'Dorothy follows the yellow brick road to the Emerald City.',
  'Who directed "Jurassic Park"?': 'Steven Spielberg directed "Jurassic Park" (1993).',
  'In "The Matrix", which pill does Neo take?': 'Neo takes the red pill and wakes up outside the Matrix.',
  'Which film has the line "I\'ll be back"?':
    'Arnold Schwarzenegger\'s Terminator says "I\'ll be back" in the 1984 film.',
  'What is the name of the snowman in "Frozen"?': 'Olaf is the snowman Elsa brings to life in "Frozen" (2013).',
  'Which wizard school does Harry Potter attend?':
    'Harry Potter studies at Hogwarts School of Witchcraft and Wizardry.',
  'In "Back to the Future", what is the time machine made from?':
    'Doc Brown built his time machine from a DeLorean DMC-12.',
  'In "The Lion King", what is Simba\'s father called?': "Mufasa is Simba's father and the king of the Pride Lands.",
  'Which film won the first Academy Award for Best Picture?':
    '"Wings" (1927) won Best Picture at the first Academy Awards, in 1929.',
  'Which movie studio created "Toy Story"?':
    'Pixar made "Toy Story" (1995), the first fully computer-animated feature film.',
  'Which Japanese studio made "Spirited Away"?':
    'Studio Ghibli, Hayao Miyazaki\'s studio, made "Spirited Away" (2001).',
  'In "Finding Nemo", what kind of fish is Nemo?': 'Nemo is a clownfish, born in an anemone on the Great Barrier Reef.',
  'Which film tells of investors who bet against the housing market before 2008?':
    '"The Big Short" (2015), from Michael Lewis\'s book, follows those who shorted housing.',
  'Who played Jack in "Titanic" (1997)?': "Leonardo DiCaprio played Jack Dawson opposite Kate Winslet's Rose.",
  'Which superhero is also called the Dark Knight?':
    "Batman is called the Dark Knight; Christopher Nolan's 2008 film took the name.",
  "Which film's hero is an archaeologist with a whip and a fedora?":
    'Harrison Ford played Indiana Jones, archaeologist with a whip and a fedora.',
  'In "The Social Network", which company is founded?':
    '"The Social Network" (2010) tells how Mark Zuckerberg founded Facebook.',
  "Which plumber is Nintendo's best-known mascot?":
    "Mario first appeared in Donkey Kong (1981) and became Nintendo's mascot.",
  'In which game do falling blocks called tetrominoes fill lines?':
    'Alexey Pajitnov created Tetris in 1984: full lines of tetrominoes clear.',
  'What is the name of the hero in "The Legend of Zelda"?':
    'The hero of "The Legend of Zelda" is Link; Zelda is the princess.',
  'Which company made the PlayStation?': 'Sony released the PlayStation in Japan in 1994.',
  'Which 1972 game simulating table tennis was one of the first arcade hits?':
    "Atari's Pong (1972) was one of the first arcade hits.",
  'What do you collect in Sonic games to stay protected?':
    'Sonic keeps rings: a hit while holding any loses them instead of a life.',
  'In "Space Invaders", what do you shoot at?': 'In Space Invaders (1978) you shoot at rows of descending aliens.',
  'Which creature is the mascot of the Pokémon series?': 'Pikachu, the electric mouse, is the mascot of Pokémon.',
  'Which game series features Master Chief?': "Master Chief is the hero of Microsoft's Halo series (from 2001).",
  'Which ape throws barrels in a 1981 arcade classic?':
    'Donkey Kong throws barrels at Jumpman (later Mario) in the 1981 arcade game.',
  'What does "NPC" stand for in games?': 'An NPC, a non-player character, is one the game controls, not a player.',
  'What colour is the ghost Blinky in Pac-Man?': 'Blinky, the red ghost, chases Pac-Man most directly.',
  'In "Super Mario Bros.", what does a Super Mushroom do?': 'A Super Mushroom turns small Mario into Super Mario.',
  'Which company made the Game Boy?': 'Nintendo released the Game Boy in 1989.',
  "Which gaming console was Microsoft's first?": "The Xbox (2001) was Microsoft's first games console.",
  'What is a "speedrun"?': 'A speedrun is a play-through as fast as possible, often timed for records.',
  'Which classic arcade game has a frog crossing a road and river?':
    'In Frogger (1981) you guide frogs across a road and a river.',
  'In "Angry Birds", what do the birds attack?': "Angry Birds' birds attack the green pigs who stole their eggs.",
  'Which country is the origin of sushi?': 'Sushi, vinegared rice with fish, is Japanese.',
  'What is the main ingredient of guacamole?': 'Guacamole is mashed avocado with lime, onion and chilli.',
  'Which Italian city is known as the home of pizza?': 'Pizza as we know it, like the margherita, comes from Naples.',
  'What is tofu made from?': 'Tofu is curdled soy milk pressed into blocks.',
  'Which spice is the most expensive by weight?':
    'Saffron is the hand-picked stigmas of crocus flowers: costly by weight.',
  'What is the main ingredient of hummus?': 'Hummus is chickpeas blended with tahini, lemon and garlic.',
  'Which nut is used to make marzipan?': 'Marzipan is ground almonds and sugar.',
  'Which fruit is known as the "king of fruits" in Southeast Asia and is famous for its smell?':
    'The durian, the "king of fruits", is famous for its strong smell.',
  'What kind of food is brie?': "Brie is a soft cow's-milk cheese from France.",
  'Which drink is made from fermented grapes?': 'Wine is fermented grape juice.',
  'From which plant does chocolate come?': 'Chocolate is made from the seeds (beans) of the cacao tree.',
  'Which country is famous for paella?': 'Paella is a rice dish from Valencia, in Spain.',
  'What is the Japanese soup made from fermented soybean paste?':
    'Miso soup is made from dashi broth and miso, fermented soybean paste.',
  'What gives bread its rise?': 'Yeast ferments sugar into carbon dioxide, whose bubbles make dough rise.',
  'Which vitamin do citrus fruits have plenty of?': 'Oranges, lemons and other citrus fruits are rich in vitamin C.',
  "Which country is the origin of the croissant's ancestor, the kipferl?":
    "The crescent kipferl of Austria is said to be the croissant's ancestor.",
  'Which language has the most native speakers?':
    'Mandarin Chinese has over 900 million native speakers, more than any other language.',
  'What is the official language of Brazil?': 'Brazil speaks Portuguese, from its time as a Portuguese colony.',
  'What does the Latin phrase "carpe diem" mean?': '"Carpe diem" is Horace\'s Latin: seize the day.',
  'How many letters are in the English alphabet?': 'The English alphabet has 26 letters, A to Z.',
  'What is a word that reads the same backwards, like "level"?':
    'A palindrome reads the same backwards, like "level" or "racecar".',
  'What is the plural of "mouse" (the animal)?': 'One mouse, two mice: an irregular plural.',
  'Which language is spoken in Quebec alongside English?':
    "Quebec's official language is French; English is widely spoken too.",
  'Which writing system does Russian use?': 'Russian is written in the Cyrillic alphabet.',
  'What does "bon appétit" mean?': '"Bon appétit" is French for "enjoy your meal".',
  'What is a "haiku"?': 'A haiku has three lines of 5, 7 and 5 syllables.',
  'What is the opposite of "ancient"?': 'Ancient means very old; its opposite is modern.',
  'Which language gave English the word "kindergarten"?':
    'Friedrich Fröbel named the kindergarten, German for "children\'s garden".',
  'In the NATO alphabet, which word stands for B?': 'NATO spells A, B, C as Alfa, Bravo, Charlie.',
  'What is an "acronym"?': 'An acronym is a word made of initial letters, read as a word, like NASA or laser.',
  'What is 7 times 8?': '7 × 8 = 56.',
  'What is the square root of 144?': '12 × 12 = 144.',
  'What is the value of pi to two decimal places?': 'Pi is 3.14159…, so 3.14 to two decimal places.',
  'How many sides does a hexagon have?': 'A hexagon has six sides (Greek "hex", six).',
  'What is 15% of 200?': '15% of 200 is 0.15 × 200 = 30.',
  'What is the next prime number after 7?': '8, 9 and 10 are composite; 11 divides only by 1 and itself.',
  'How many degrees are in a right angle?': 'A right angle is a quarter turn: 90 degrees.',
  'What is 2 to the power of 10?': '2 to the 10 is 1,024.',
  'How many degrees do the angles of a triangle add up to?': 'The angles of any triangle add up to 180 degrees.',
  'What is the Roman numeral for 50?': 'L is 50 in Roman numerals.',
  'What is 1,000,000 written with a power of ten?': '1,000,000 is a one followed by six zeros: 10^6.',
  'What is a polygon with eight sides called?': 'An octagon has eight sides (Greek "okto", eight).',
  'If you double 21 million, what do you get?': '2 × 21 million = 42 million.',
  'What is the sum of the numbers 1 to 10?': '1 + 2 + … + 10 = 10 × 11 / 2 = 55.',
  'What is 100 divided by 8?': '100 / 8 = 12.5.',
  'What is the only even prime number?': 'Every other even number divides by 2, so 2 is the only even prime.',
  'Which number is the Roman numeral M?': 'M is 1,000 in Roman numerals (Latin "mille").',
  'What is the name of a triangle with all sides equal?':
    'An equilateral triangle has all three sides (and angles) equal.',
  'Who painted the "Mona Lisa"?': 'Leonardo da Vinci painted the Mona Lisa in the early 1500s.',
  'Which artist cut off part of his own ear?': 'Vincent van Gogh cut off part of his left ear in Arles in 1888.',
  'Which art movement is Pablo Picasso a founder of?':
    'Pablo Picasso and Georges Braque founded Cubism around 1907-1908.',
  'Who painted "The Persistence of Memory" with melting clocks?':
    'Salvador Dalí painted "The Persistence of Memory" in 1931.',
  'In which museum is the "Mona Lisa" displayed?': 'The Mona Lisa hangs in the Louvre in Paris.',
  'Which artist is famous for paintings of soup cans?': "Andy Warhol painted Campbell's Soup Cans in 1962.",
  'What are the three primary colours of paint, traditionally?':
    "In traditional colour theory the painters' primaries are red, yellow and blue.",
  'Who painted "The Starry Night"?': 'Vincent van Gogh painted "The Starry Night" in 1889, at Saint-Rémy.',
  'Who painted "The Scream"?': 'Edvard Munch, a Norwegian, painted "The Scream" in 1893.',
  'Which painter is known for water lilies in his garden at Giverny?':
    'Claude Monet painted about 250 water lilies from his garden at Giverny.',
  'Which sculpture by Michelangelo shows a biblical hero before a fight?':
    'Michelangelo carved the marble David between 1501 and 1504.',
  'Who sculpted "The Thinker"?': 'Auguste Rodin made "The Thinker", first for "The Gates of Hell".',
  'What is pixel art?': "Pixel art is drawn pixel by pixel at low resolution, like this arcade's games.",
  'Which Dutch painter made "Girl with a Pearl Earring"?':
    'Johannes Vermeer of Delft painted "Girl with a Pearl Earring" around 1665.',
  'Who is credited with inventing the telephone?': 'Alexander Graham Bell received the telephone patent in 1876.',
  'Which brothers made the first powered aeroplane flight in 1903?':
    'Orville and Wilbur Wright flew at Kitty Hawk on 17 December 1903.',
  'Who developed the practical light bulb with long life in 1879?':
    "Thomas Edison's 1879 carbon-filament bulb lasted long enough to be practical.",
  'Who improved the steam engine in the 1760s and 1770s, giving his name to a unit of power?':
    "James Watt's separate condenser improved the steam engine; the watt is named after him.",
  'Which invention is Tim Berners-Lee famous for?': 'Tim Berners-Lee invented the World Wide Web at CERN in 1989.',
  'Who invented dynamite?': 'Alfred Nobel patented dynamite in 1867 and later founded the Nobel Prizes.',
  'Which company released the first iPhone in 2007?': 'Apple launched the first iPhone in 2007.',
  "What did Johannes Gutenberg's press make possible?":
    "Gutenberg's movable-type press made books cheap to print in large numbers.",
  'Who built the first car with a petrol engine sold to the public (1886)?':
    "Karl Benz's Patent-Motorwagen of 1886 was the first petrol car sold.",
  'Which scientist invented the alternating current induction motor?':
    'Nikola Tesla patented the AC induction motor in 1888.',
  'Which ancient people are credited with inventing paper?':
    'Cai Lun of Han China is credited with papermaking around 105 AD.',
  'What did Guglielmo Marconi pioneer?':
    'Guglielmo Marconi pioneered long-distance radio, across the Atlantic in 1901.',
  'What was the name of the first widely used web browser with images, released in 1993?':
    'NCSA Mosaic (1993) showed images beside text and made the web popular.',
  'Who wrote "Romeo and Juliet"?': 'William Shakespeare wrote "Romeo and Juliet" in the 1590s.',
  'Who wrote "1984" and "Animal Farm"?': 'George Orwell wrote "Animal Farm" (1945) and "Nineteen Eighty-Four" (1949).',
  'Which detective lived at 221B Baker Street?': 'Sherlock Holmes lived at 221B Baker Street, London.',
  'Who wrote "Pride and Prejudice"?': 'Jane Austen published "Pride and Prejudice" in 1813.',
  'Who wrote "The Hobbit"?': 'J. R. R. Tolkien published "The Hobbit" in 1937.',
  'Which novel begins "Call me Ishmael"?': 'Herman Melville\'s "Moby-Dick" (1851) begins "Call me Ishmael."',
  'Who wrote "Don Quixote"?': 'Miguel de Cervantes published "Don Quixote" in two parts, 1605 and 1615.',
  'Which author created Hercule Poirot?': 'Agatha Christie created the Belgian detective Hercule Poirot.',
  'In which book does a girl fall down a rabbit hole?':
    "Alice falls down the rabbit hole in Lewis Carroll's book of 1865.",
  'Who wrote "Frankenstein"?': 'Mary Shelley published "Frankenstein" in 1818.',
  'Which novel by Ayn Rand features John Galt?': 'John Galt is the hero of Ayn Rand\'s "Atlas Shrugged" (1957).',
  'Who wrote "The Little Prince"?': 'Antoine de Saint-Exupéry wrote and drew "The Little Prince" (1943).',
  "Which Jules Verne novel follows Phileas Fogg's bet?":
    'Phileas Fogg bets he can go round the world in 80 days (Jules Verne, 1872).',
  'Who wrote the "Odyssey"?': 'The "Odyssey" is attributed to Homer, like the "Iliad".',
  'What is the largest organ of the human body?': 'The skin is the largest organ, about 2 m² on an adult.',
  'How many chambers does the human heart have?': 'The heart has four chambers: two atria and two ventricles.',
  'Which organ filters blood to make urine?': 'The kidneys filter the blood and make urine.',
  'What is the strongest muscle by force in the human body?':
    'The masseter, a jaw muscle, exerts the most force for its size.',
  'Where is the smallest bone in the human body?': 'The stapes (stirrup), in the middle ear, is the smallest bone.',
  'What carries oxygen in red blood cells?': 'Haemoglobin in red blood cells binds oxygen.',
  'How many teeth does an adult usually have?': 'Adults usually have 32 teeth, the wisdom teeth included.',
  'Which blood type is known as the universal donor?': 'O negative red cells can be given to people of any blood type.',
  'What part of the eye controls how much light gets in?':
    'The iris widens or narrows the pupil to let in more or less light.',
  'Which organ produces insulin?': 'The pancreas makes insulin, which controls blood sugar.',
  'What does "Wi-Fi" let devices do?': 'Wi-Fi connects devices to a network by radio instead of cables.',
  'What was the name of the network that grew into the Internet?': 'ARPANET, started in 1969, grew into the Internet.',
  'What does "www" stand for?': '"www" stands for World Wide Web.',
  'What is a "meme" online?': 'A meme is an idea, image or joke that spreads from person to person online.',
  'What does "open source" let anyone do with code?':
    'An open-source licence lets anyone read, change and share the code.',
  'What is Nostr?': 'Nostr ("Notes and Other Stuff Transmitted by Relays") is an open social protocol.',
  'What does the "s" in "https" stand for?': 'HTTPS is HTTP over TLS: the S stands for secure.',
  'What is a "cookie" on a website?': 'A cookie is a small piece of data a site stores in your browser.',
  'What is a VPN?': 'A VPN, a virtual private network, tunnels your traffic through an encrypted link.',
  'What does "DNS" turn into IP addresses?':
    'DNS, the Domain Name System, turns names like example.com into IP addresses.',
};
