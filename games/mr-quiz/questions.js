/**
 * Mr Quiz practice questions, for players who are not signed in (their runs are not saved). Each
 * entry: topic, question, and four answers - the FIRST one is correct (the game shuffles them).
 * Saved runs take their questions from the server's own bank (src/server/games/quiz-bank.ts),
 * whose answers never reach the browser.
 */
export const QUESTIONS = [
  // Bitcoin
  ['Bitcoin', 'What is the maximum number of bitcoin that will ever exist?', '21 million', '18 million', '100 million', 'There is no limit'],
  ['Bitcoin', 'How many satoshis make up one bitcoin?', '100,000,000', '1,000,000', '21,000,000', '10,000'],
  ['Bitcoin', 'Who published the Bitcoin white paper in 2008?', 'Satoshi Nakamoto', 'Vitalik Buterin', 'Hal Finney', 'Nick Szabo'],
  ['Bitcoin', 'On average, how often is a new Bitcoin block found?', 'About every 10 minutes', 'About every minute', 'About every hour', 'About once a day'],
  ['Bitcoin', 'The Bitcoin block subsidy halves every how many blocks?', '210,000', '100,000', '1,000,000', '52,560'],
  ['Bitcoin', 'What did Laszlo Hanyecz famously buy for 10,000 BTC in May 2010?', 'Two pizzas', 'A used car', 'A laptop', 'A plane ticket'],
  ['Bitcoin', 'What is the very first block of the Bitcoin blockchain called?', 'The genesis block', 'The origin block', 'The alpha block', 'The root block'],
  ['Bitcoin', 'Which hash function does Bitcoin mining use?', 'SHA-256', 'MD5', 'Scrypt', 'Keccak-256'],
  ['Bitcoin', 'Where does the word "HODL" come from?', 'A typo of "hold" in a 2013 forum post', 'A bank acronym', 'A mining command', 'A Lightning error code'],
  ['Bitcoin', 'In which month and year was the Bitcoin genesis block mined?', 'January 2009', 'October 2008', 'March 2010', 'December 2011'],
  // Lightning
  ['Lightning', 'What is the Lightning Network?', 'A layer-2 payment network on top of Bitcoin', 'A new altcoin', 'A mining pool', 'A hardware wallet brand'],
  ['Lightning', 'What do two Lightning users open between them to pay off-chain?', 'A payment channel', 'A new block', 'A mempool', 'A hard fork'],
  ['Lightning', 'What do you usually share to request a Lightning payment?', 'An invoice', 'Your seed phrase', 'An IBAN', 'Your private key'],
  ['Lightning', 'What are the Lightning Network specification documents called?', 'BOLTs', 'EIPs', 'RFCs', 'PEPs'],
  ['Lightning', 'Who wrote the Lightning Network white paper?', 'Joseph Poon and Thaddeus Dryja', 'Satoshi Nakamoto', 'Adam Back and Hal Finney', 'Andreas Antonopoulos'],
  ['Lightning', 'Lightning can move amounts smaller than one satoshi. What is the unit?', 'Millisatoshi', 'Microbit', 'Nanocoin', 'Centisat'],
  ['Lightning', 'What does HTLC stand for?', 'Hashed Time-Locked Contract', 'High Transfer Lightning Channel', 'Hybrid Token Lock Code', 'Hash Transaction Ledger Chain'],
  ['Lightning', 'When a Lightning channel is closed, where is the final balance settled?', 'On the Bitcoin blockchain', 'In a bank ledger', 'On a central server', 'Nowhere - it disappears'],
  // History
  ['History', 'In which year did the Berlin Wall fall?', '1989', '1991', '1985', '1979'],
  ['History', 'Who was the first person to walk on the Moon?', 'Neil Armstrong', 'Buzz Aldrin', 'Yuri Gagarin', 'John Glenn'],
  ['History', 'Which civilisation built Machu Picchu?', 'The Inca', 'The Aztecs', 'The Maya', 'The Olmecs'],
  ['History', 'In which year did the Titanic sink?', '1912', '1905', '1921', '1898'],
  ['History', 'Which US president ended the dollar\'s convertibility into gold in 1971?', 'Richard Nixon', 'John F. Kennedy', 'Ronald Reagan', 'Jimmy Carter'],
  ['History', 'Who introduced movable-type printing to Europe around 1440?', 'Johannes Gutenberg', 'Leonardo da Vinci', 'Isaac Newton', 'Galileo Galilei'],
  ['History', 'In which year did World War II end?', '1945', '1944', '1939', '1950'],
  ['History', 'The Great Pyramid of Giza was built for which pharaoh?', 'Khufu', 'Tutankhamun', 'Ramesses II', 'Cleopatra'],
  // Science
  ['Science', 'What is the chemical symbol for gold?', 'Au', 'Ag', 'Gd', 'Go'],
  ['Science', 'Which planet is known as the Red Planet?', 'Mars', 'Jupiter', 'Venus', 'Mercury'],
  ['Science', 'How many bits are in one byte?', '8', '4', '16', '10'],
  ['Science', 'Which gas do plants take from the air for photosynthesis?', 'Carbon dioxide', 'Oxygen', 'Nitrogen', 'Helium'],
  ['Science', 'Roughly how fast does light travel in a vacuum?', '300,000 km per second', '30,000 km per second', '3,000 km per second', '3,000,000 km per second'],
  ['Science', 'What is the hardest natural mineral?', 'Diamond', 'Quartz', 'Topaz', 'Granite'],
  ['Science', 'What is the largest planet in our solar system?', 'Jupiter', 'Saturn', 'Neptune', 'Earth'],
  ['Science', 'Which particle carries a negative electric charge?', 'The electron', 'The proton', 'The neutron', 'The photon'],
  ['Science', 'Which part of a cell is known as its powerhouse?', 'Mitochondria', 'Nucleus', 'Ribosome', 'Cell wall'],
  // Geography
  ['Geography', 'What is the capital of Japan?', 'Tokyo', 'Kyoto', 'Osaka', 'Seoul'],
  ['Geography', 'Which is the largest ocean on Earth?', 'The Pacific', 'The Atlantic', 'The Indian', 'The Arctic'],
  ['Geography', 'In 2021, which country became the first to make bitcoin legal tender?', 'El Salvador', 'Switzerland', 'Japan', 'Portugal'],
  ['Geography', 'What is the capital of Australia?', 'Canberra', 'Sydney', 'Melbourne', 'Perth'],
  ['Geography', 'What is the largest hot desert in the world?', 'The Sahara', 'The Gobi', 'The Kalahari', 'The Atacama'],
  ['Geography', 'In which country is the city of Marrakesh?', 'Morocco', 'Egypt', 'Tunisia', 'Algeria'],
  ['Geography', 'What is the smallest country in the world by area?', 'Vatican City', 'Monaco', 'San Marino', 'Liechtenstein'],
  ['Geography', 'Mount Everest lies on the border of Nepal and which other country?', 'China', 'India', 'Bhutan', 'Pakistan'],
  ['Geography', 'Which river flows through Cairo?', 'The Nile', 'The Tigris', 'The Congo', 'The Niger'],
  // Pop culture
  ['Pop culture', 'In The Matrix, which pill does Neo take?', 'The red pill', 'The blue pill', 'The green pill', 'The orange pill'],
  ['Pop culture', 'Which video game hero is a plumber in a red cap?', 'Mario', 'Luigi', 'Link', 'Sonic'],
  ['Pop culture', 'What is the name of the wizarding school Harry Potter attends?', 'Hogwarts', 'Beauxbatons', 'Durmstrang', 'Ilvermorny'],
  ['Pop culture', 'Which band released the album "Abbey Road"?', 'The Beatles', 'The Rolling Stones', 'Queen', 'Pink Floyd'],
  ['Pop culture', 'In which 1980 arcade game does a yellow hero eat dots and dodge ghosts?', 'Pac-Man', 'Space Invaders', 'Donkey Kong', 'Asteroids'],
  ['Pop culture', 'What colour is Sonic the Hedgehog?', 'Blue', 'Red', 'Green', 'Yellow'],
  ['Pop culture', 'In Star Wars, who is revealed to be Luke Skywalker\'s father?', 'Darth Vader', 'Obi-Wan Kenobi', 'Han Solo', 'Yoda'],
  ['Pop culture', 'In which game do players dig, build and dodge Creepers?', 'Minecraft', 'Fortnite', 'Tetris', 'The Sims'],
].map(([topic, q, ...answers]) => ({ topic, q, answers }));
