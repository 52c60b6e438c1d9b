import type { AustrianState } from '@bauakte/domain';

/**
 * The raw material of the demo installation: Austrian places with their real postcodes, street
 * names as they occur in every Austrian town, common first and family names, and what architects
 * and clients write to each other. Only data here; seed-demo.ts combines it.
 */

/** A seeded pseudo-random source (mulberry32): the same seed gives the same installation every time. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (probability: number) => next() < probability,
  };
}

export interface Town {
  postalCode: string;
  city: string;
  state: AustrianState;
}

/** Katastralgemeinde numbers run in ranges per Bundesland (Wien 01xxx, Steiermark 6xxxx …). */
export const katastralRanges: Record<AustrianState, readonly [number, number]> = {
  Wien: [1002, 1617],
  Niederösterreich: [2001, 24999],
  Burgenland: [30001, 34999],
  Oberösterreich: [40001, 53999],
  Salzburg: [55001, 57999],
  Steiermark: [60001, 68999],
  Kärnten: [72001, 77999],
  Tirol: [80001, 87999],
  Vorarlberg: [90001, 92129],
};

const viennaDistricts: Town[] = Array.from({ length: 23 }, (_, index) => ({
  postalCode: String(1010 + index * 10),
  city: 'Wien',
  state: 'Wien',
}));

const towns = (state: AustrianState, list: readonly [string, string][]): Town[] => list.map(([postalCode, city]) => ({ postalCode, city, state }));

export const townsByState: Record<AustrianState, readonly Town[]> = {
  Wien: viennaDistricts,
  Niederösterreich: towns('Niederösterreich', [
    ['3100', 'St. Pölten'], ['2700', 'Wiener Neustadt'], ['3500', 'Krems an der Donau'], ['2500', 'Baden'], ['2340', 'Mödling'],
    ['3300', 'Amstetten'], ['2130', 'Mistelbach'], ['3950', 'Gmünd'], ['2020', 'Hollabrunn'], ['3910', 'Zwettl'],
    ['2100', 'Korneuburg'], ['3400', 'Klosterneuburg'], ['2620', 'Neunkirchen'], ['3580', 'Horn'],
  ]),
  Oberösterreich: towns('Oberösterreich', [
    ['4020', 'Linz'], ['4600', 'Wels'], ['4400', 'Steyr'], ['4810', 'Gmunden'], ['4910', 'Ried im Innkreis'],
    ['5280', 'Braunau am Inn'], ['4240', 'Freistadt'], ['4560', 'Kirchdorf an der Krems'], ['4050', 'Traun'], ['4070', 'Eferding'],
    ['4780', 'Schärding'], ['4840', 'Vöcklabruck'],
  ]),
  Steiermark: towns('Steiermark', [
    ['8010', 'Graz'], ['8700', 'Leoben'], ['8600', 'Bruck an der Mur'], ['8330', 'Feldbach'], ['8530', 'Deutschlandsberg'],
    ['8230', 'Hartberg'], ['8750', 'Judenburg'], ['8940', 'Liezen'], ['8430', 'Leibnitz'], ['8200', 'Gleisdorf'], ['8570', 'Voitsberg'],
  ]),
  Tirol: towns('Tirol', [
    ['6020', 'Innsbruck'], ['6060', 'Hall in Tirol'], ['6130', 'Schwaz'], ['6330', 'Kufstein'], ['6370', 'Kitzbühel'],
    ['6460', 'Imst'], ['6500', 'Landeck'], ['9900', 'Lienz'], ['6300', 'Wörgl'], ['6600', 'Reutte'], ['6410', 'Telfs'],
  ]),
  Salzburg: towns('Salzburg', [
    ['5020', 'Salzburg'], ['5400', 'Hallein'], ['5500', 'Bischofshofen'], ['5600', 'St. Johann im Pongau'], ['5700', 'Zell am See'],
    ['5580', 'Tamsweg'], ['5110', 'Oberndorf bei Salzburg'],
  ]),
  Kärnten: towns('Kärnten', [
    ['9020', 'Klagenfurt am Wörthersee'], ['9500', 'Villach'], ['9400', 'Wolfsberg'], ['9800', 'Spittal an der Drau'],
    ['9300', 'St. Veit an der Glan'], ['9100', 'Völkermarkt'], ['9560', 'Feldkirchen in Kärnten'],
  ]),
  Vorarlberg: towns('Vorarlberg', [['6900', 'Bregenz'], ['6850', 'Dornbirn'], ['6800', 'Feldkirch'], ['6700', 'Bludenz'], ['6890', 'Lustenau']]),
  Burgenland: towns('Burgenland', [['7000', 'Eisenstadt'], ['7400', 'Oberwart'], ['7100', 'Neusiedl am See'], ['7210', 'Mattersburg'], ['7540', 'Güssing']]),
};

/** The four offices and where their projects lie. */
export const demoTeams: readonly { name: string; city: string; postalCode: string; states: readonly AustrianState[] }[] = [
  { name: 'Büro Wien', city: 'Wien', postalCode: '1070', states: ['Wien', 'Wien', 'Niederösterreich'] },
  { name: 'Büro Graz', city: 'Graz', postalCode: '8010', states: ['Steiermark', 'Steiermark', 'Kärnten', 'Burgenland'] },
  { name: 'Büro Linz', city: 'Linz', postalCode: '4020', states: ['Oberösterreich', 'Oberösterreich', 'Salzburg'] },
  { name: 'Büro Innsbruck', city: 'Innsbruck', postalCode: '6020', states: ['Tirol', 'Tirol', 'Vorarlberg'] },
];

export const streets = [
  'Hauptstraße', 'Bahnhofstraße', 'Kirchengasse', 'Schulgasse', 'Lindengasse', 'Mühlgasse', 'Feldgasse', 'Wiener Straße',
  'Grazer Straße', 'Linzer Straße', 'Dorfstraße', 'Am Anger', 'Gartengasse', 'Rosengasse', 'Bergstraße', 'Waldweg',
  'Lerchenfelder Straße', 'Mariahilfer Straße', 'Favoritenstraße', 'Herrengasse', 'Sporgasse', 'Annenstraße', 'Landstraße',
  'Maria-Theresien-Straße', 'Museumstraße', 'Salzburger Straße', 'Schillerstraße', 'Mozartgasse', 'Goethestraße',
  'Schubertstraße', 'Haydngasse', 'Radetzkystraße', 'Kaiserfeldgasse', 'Brunnengasse', 'Sonnenweg', 'Wiesenweg',
  'Birkenweg', 'Kastanienallee', 'Florianigasse', 'Ringstraße', 'Hofgasse', 'Marktplatz', 'Kirchplatz', 'Josefstädter Straße',
  'Neubaugasse', 'Stiftgasse', 'Burggasse', 'Wallgasse', 'Erzherzog-Johann-Straße', 'Leopoldstraße', 'Anichstraße',
  'Innrain', 'Höttinger Au', 'Elisabethstraße', 'Körblergasse', 'Leonfeldner Straße', 'Wiener Neustädter Straße', 'Am Steinfeld',
];

export const firstNames = [
  'Anna', 'Maria', 'Elisabeth', 'Katharina', 'Sophie', 'Lena', 'Julia', 'Sarah', 'Laura', 'Hannah', 'Theresa', 'Johanna',
  'Christina', 'Barbara', 'Monika', 'Andrea', 'Sabine', 'Petra', 'Martina', 'Claudia', 'Eva', 'Birgit', 'Ursula', 'Helga',
  'Lukas', 'Maximilian', 'Florian', 'Tobias', 'David', 'Jakob', 'Paul', 'Simon', 'Felix', 'Elias', 'Michael', 'Thomas',
  'Andreas', 'Stefan', 'Christian', 'Markus', 'Martin', 'Wolfgang', 'Franz', 'Josef', 'Johann', 'Gerhard', 'Herbert', 'Günther',
  'Jürgen', 'Bernhard', 'Manfred', 'Karl', 'Georg', 'Alexander', 'Matthias', 'Sebastian', 'Dominik', 'Patrick', 'Harald', 'Sigrid',
];

export const lastNames = [
  'Gruber', 'Huber', 'Bauer', 'Wagner', 'Müller', 'Pichler', 'Steiner', 'Moser', 'Mayer', 'Hofer', 'Leitner', 'Berger',
  'Fuchs', 'Eder', 'Fischer', 'Schmid', 'Winkler', 'Weber', 'Schwarz', 'Maier', 'Schneider', 'Reiter', 'Mayr', 'Schmidt',
  'Wimmer', 'Egger', 'Brunner', 'Lang', 'Baumgartner', 'Auer', 'Binder', 'Lechner', 'Wolf', 'Wallner', 'Aigner', 'Ebner',
  'Koller', 'Lehner', 'Haas', 'Schuster', 'Holzer', 'Strasser', 'Haider', 'Karner', 'Pöll', 'Riegler', 'Kofler', 'Zöhrer',
  'Hödl', 'Pirker', 'Kogler', 'Stöckl', 'Grabner', 'Kainz', 'Rauch', 'Wieser', 'Ortner', 'Weiß', 'Krenn', 'Schöberl',
];

export const projectKinds = [
  'Thermische Sanierung', 'Fenstertausch', 'Dachgeschoßausbau', 'Heizungstausch', 'Fassadendämmung', 'Generalsanierung',
  'Zubau Wintergarten', 'Kellerabdichtung', 'Umbau Einfamilienhaus', 'Sanierung Altbauwohnung', 'Dämmung oberste Geschoßdecke',
  'Umstieg auf Wärmepumpe', 'Photovoltaik und Heizung', 'Sanierung Mehrparteienhaus',
];

export const projectDescriptions = [
  'Dämmung der Außenwände mit 16 cm Mineralwolle, neue Fensterbänke und Sanierung der Sockelzone.',
  'Tausch der Kastenfenster aus den 1960er-Jahren gegen Holz-Alu-Fenster mit Dreifachverglasung.',
  'Der alte Ölkessel wird durch eine Luft-Wasser-Wärmepumpe ersetzt; die Heizkörper bleiben.',
  'Ausbau des Dachbodens zu einer Wohneinheit mit Gaupe, Dämmung zwischen und unter den Sparren.',
  'Sanierung nach Wasserschaden im Keller: Horizontalsperre, Drainage und neuer Bodenaufbau.',
  'Gesamtsanierung für die Förderung „Sauber Heizen für Alle“ und den Sanierungsbonus.',
  'Energieausweis für den Verkauf; danach Beratung zu Fenstern und Dämmung der obersten Geschoßdecke.',
  'Zubau eines Wintergartens an der Südseite, Anschluss an die bestehende Fußbodenheizung.',
  '',
];

export const architectMessages = [
  'Guten Tag, ich habe mir die Pläne angesehen. Können Sie mir noch Fotos der Fenster an der Nordseite schicken?',
  'Die Förderung ist eingereicht, die Bestätigung sollte in etwa vier Wochen kommen.',
  'Bitte füllen Sie noch den Fragebogen zur Heizung aus, dann kann ich den Energieausweis rechnen.',
  'Der Termin für die Begehung passt: Dienstag um 9 Uhr bei Ihnen vor Ort.',
  'Ich habe den Einreichplan hochgeladen. Schauen Sie bitte, ob die Raumaufteilung so stimmt.',
  'Der Installateur hat das Angebot für die Wärmepumpe geschickt, ich leite es Ihnen weiter.',
  'Danke für die Fotos! Die Feuchtigkeit im Keller sehen wir uns bei der Begehung genauer an.',
  'Kurze Rückfrage: Wurden die Fenster im Dachgeschoß schon einmal getauscht?',
  'Die Baubewilligung ist da. Wir können mit der Ausschreibung beginnen.',
  'Schöne Grüße, ich melde mich nächste Woche mit den Kosten für die Fassadendämmung.',
];

export const clientMessages = [
  'Guten Tag, anbei die Fotos vom Dachboden. Reicht das so?',
  'Danke für die rasche Antwort! Dienstag passt uns gut.',
  'Die Fenster sind aus dem Jahr 1994, genau weiß ich es leider nicht.',
  'Ich habe den Fragebogen jetzt ausgefüllt, bei der Heizung war ich mir nicht ganz sicher.',
  'Wann können die Arbeiten frühestens beginnen? Wir möchten vor dem Winter fertig sein.',
  'Der Rauchfangkehrer meint, der Kessel ist über 25 Jahre alt.',
  'Können wir die Förderung auch für die Kellerdämmung beantragen?',
  'Alles klar, vielen Dank! Wir warten auf Ihre Nachricht.',
  'Meine Frau fragt, ob die Fensterbänke innen auch getauscht werden.',
  'Das Angebot ist angekommen, wir sehen es uns am Wochenende an.',
];

export const fileTitles = {
  PDF: ['Einreichplan Erdgeschoß', 'Energieausweis', 'Angebot Fenster', 'Bestandsplan Keller', 'Förderansuchen', 'Schnitt A–A'],
  PNG: ['Skizze Grundriss', 'Lageplan', 'Ansicht Süd'],
  JPG: ['Foto Fassade', 'Foto Heizraum', 'Foto Dachboden', 'Foto Fenster Nordseite', 'Foto Keller'],
} as const;
