/**
 * Names that a field's columns and attributes have in files from Europe, and the area units their names
 * say: shared by the CSV batches' headers (core/csv/batch-kinds.ts) and the attributes of imported
 * boundaries (core/boundary/field-attributes.ts), so a sheet and a shapefile of one farm read alike.
 */

import { ACRES_PER_HECTARE, SQUARE_METRES_PER_ACRE } from '../geodesy/area.ts';
import type { AreaUnit } from './field-record.ts';

/**
 * Headers that spreadsheets from Europe give the columns, in German, French, Dutch, Spanish, Italian,
 * Portuguese, Swedish, Danish, Norwegian and Polish, by the field's property they give (accents optional: names are compared folded, see
 * foldName). Areas are not among them: a "Fläche" or "superficie" is in hectares there, not acres
 * (areaUnitOfName tells the unit, and readers convert).
 */
const IN_OTHER_LANGUAGES: Readonly<Record<string, readonly string[]>> = {
  clientName: [
    ...['Kunde', 'Kundenname', 'Landwirt', 'Bewirtschafter'],
    ...['nom du client', 'agriculteur', 'exploitant'],
    ...['klant', 'klantnaam', 'teler'],
    ...['cliente', 'productor', 'agricultor', 'agricoltore', 'produtor'],
    ...['kund', 'kundnamn', 'lantbrukare', 'klient', 'rolnik'],
  ],
  farmName: [
    ...['Betrieb', 'Betriebsname', 'Hof'],
    ...['exploitation', 'ferme', "nom de l'exploitation"],
    ...['bedrijf', 'bedrijfsnaam', 'boerderij'],
    ...['finca', 'granja', 'explotación', 'azienda', 'azienda agricola', 'fazenda', 'propriedade'],
    ...['gård', 'gårdsnamn', 'bedrift', 'gospodarstwo'],
  ],
  name: [
    ...['Schlag', 'Schlagname', 'Schlagbezeichnung', 'Feld', 'Feldname', 'Feldbezeichnung'],
    ...['parcelle', 'nom de parcelle', 'nom de la parcelle', 'champ', 'nom du champ'],
    ...['perceel', 'perceelnaam', 'veld'],
    ...['parcela', 'nombre de parcela', 'campo', 'nome campo', 'appezzamento', 'talhão'],
    ...['skifte', 'skiftesnamn', 'fält', 'mark', 'marknavn', 'pole', 'działka', 'nazwa pola'],
  ],
  boundary: [
    ...['Grenze', 'Feldgrenze', 'Schlaggrenze', 'Geometrie', 'Umriss'],
    ...['géométrie', 'limite', 'contour'],
    ...['grens', 'perceelgrens'],
    ...['geometría', 'límite', 'contorno', 'perímetro', 'confine', 'geometria', 'perimetro'],
    ...['gräns', 'skiftesgräns', 'geometri', 'grænse', 'markgrænse', 'grense', 'granica'],
  ],
  source: [
    ...['Quelle', 'Herkunft'],
    ...['origine'],
    ...['bron'],
    ...['fuente', 'origen', 'fonte', 'origem'],
  ],
  userName: [
    ...['Benutzer', 'Benutzername', 'Empfänger'],
    ...['utilisateur', 'destinataire'],
    ...['gebruiker', 'ontvanger'],
    ...['usuario', 'destinatario', 'utente', 'usuário', 'destinatário'],
    ...['användare', 'mottagare', 'bruger', 'modtager', 'bruker', 'mottaker', 'użytkownik', 'odbiorca'],
  ],
  file: [
    ...['Datei', 'Dateiname', 'Pfad'],
    ...['fichier', 'chemin'],
    ...['bestand', 'pad'],
    ...['archivo', 'ruta', 'percorso', 'arquivo', 'caminho'],
    ...['fil', 'sökväg', 'plik', 'ścieżka'],
  ],
  sampleDate: [
    ...['Probenahmedatum', 'Probedatum', 'Datum der Probenahme', 'Entnahmedatum'],
    ...['date de prélèvement', "date d'échantillonnage"],
    ...['bemonsteringsdatum', 'monsterdatum'],
    ...['fecha de muestreo', 'data di campionamento', 'data de amostragem', 'data da coleta'],
    ...['provtagningsdatum', 'prøvedato', 'prøvetagningsdato', 'prøvetakingsdato', 'data pobrania próbki'],
  ],
};

/** The names a field's column or attribute (`clientName`, `name`, `file` …) has in other languages. */
export function namesInOtherLanguages(column: string): readonly string[] {
  return IN_OTHER_LANGUAGES[column] ?? [];
}

/** A name's letters as an author may spell them: German umlauts as ae, oe, ue and ss, no accents. */
function plainLetters(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
}

/**
 * A name as names in other languages are compared: lower case, plain letters, no spaces, underscores,
 * hyphens, dots or apostrophes ("Géométrie" is "geometrie", "Empfänger" is "empfaenger", "nom de
 * l'exploitation" is "nomdelexploitation").
 */
export function foldName(name: string): string {
  return plainLetters(name).replace(/[\s_\-.'\u2019]/g, '');
}

/** An area in a unit other than acres, as a column's or an attribute's name says it. */
export interface NamedAreaUnit extends AreaUnit {
  /** How it converts, in words: "acres = hectares × 2.4711". */
  conversion: string;
}

const HECTARES: NamedAreaUnit = {
  name: 'hectares',
  symbol: 'ha',
  acresPer: ACRES_PER_HECTARE,
  conversion: 'acres = hectares × 2.4711',
};
const SQUARE_METRES: NamedAreaUnit = {
  name: 'square metres',
  symbol: 'm²',
  acresPer: 1 / SQUARE_METRES_PER_ACRE,
  conversion: 'acres = square metres ÷ 4,046.86',
};

/**
 * The area unit other than acres a header names: "Area (ha)", "hectares", "Fläche", "superficie" (in the
 * languages of IN_OTHER_LANGUAGES an area is given in hectares unless it says otherwise), "m²", "sqm".
 * Undefined for a header that names acres, or no area at all ("Area" alone is acres, as in a US sheet).
 * Such a column is read as acres, its numbers converted, never taken for acres as they are.
 */
export function areaUnitOfName(name: string): NamedAreaUnit | undefined {
  const plain = plainLetters(name);
  // A rate per area ("Yield (t/ha)", "kg N pro ha") is no area.
  if (/(\/|\b(per|pro|par|por|je)\s)\s*(ha|hectares?|hektar|m2|qm|sqm)\b/.test(plain)) return undefined;
  const words = plain.split(/[^a-z0-9]+/).filter((w) => w !== '');
  if (words.length === 0 || words.some((w) => ACRE_WORDS.has(w))) return undefined;
  const area = (w: string): boolean => AREA_WORDS.has(w) || europeanArea(w);
  // Nothing but the area, its unit and words that say which area ("Schlagfläche (ha)", "Area in ha",
  // "superficie totale"): "Surface water" or "Hab. notes" name something else.
  if (!words.every((w) => area(w) || UNIT_WORDS.has(w) || QUALIFIERS.has(w))) return undefined;
  const has = (list: ReadonlySet<string>): boolean => words.some((w) => list.has(w));
  if (has(SQUARE_METRE_WORDS) || (words.includes('square') && has(METRE_WORDS))) return SQUARE_METRES;
  if (has(HECTARE_WORDS)) return HECTARES;
  // "Fläche", "Schlagfläche", "surface", "superficie", "oppervlakte" without a unit: hectares ("Area" and
  // "Field size" alone are a US sheet's acres).
  if (words.some(europeanArea)) return HECTARES;
  return undefined;
}

const ACRE_WORDS: ReadonlySet<string> = new Set(['ac', 'acre', 'acres', 'acreage']);
const HECTARE_WORDS: ReadonlySet<string> = new Set([
  ...['ha', 'hectare', 'hectares', 'hektar', 'hectarea', 'hectareas', 'ettari', 'ettaro'],
]);
const SQUARE_METRE_WORDS: ReadonlySet<string> = new Set(['m2', 'qm', 'sqm', 'quadratmeter']);
const METRE_WORDS: ReadonlySet<string> = new Set(['metres', 'meters', 'metre', 'meter']);
const UNIT_WORDS: ReadonlySet<string> = new Set([
  ...HECTARE_WORDS,
  ...SQUARE_METRE_WORDS,
  ...METRE_WORDS,
  'square',
]);
const EUROPEAN_AREA_WORDS: ReadonlySet<string> = new Set([
  ...['surface', 'superficie', 'oppervlakte', 'oppervlak', 'areal', 'powierzchnia', 'groesse'],
]);
/** An area in a European language's word for it ("Fläche" and its compounds: "Schlagfläche"). */
const europeanArea = (w: string): boolean => EUROPEAN_AREA_WORDS.has(w) || w.endsWith('flaeche');
const AREA_WORDS: ReadonlySet<string> = new Set([...EUROPEAN_AREA_WORDS, 'area', 'size', 'groesse']);
/** Words beside an area that say which one or how it is given. */
const QUALIFIERS: ReadonlySet<string> = new Set([
  ...['in', 'en', 'em', 'de', 'du', 'la', 'der', 'des', 'van', 'het', 'del', 'of', 'the'],
  ...['total', 'totale', 'gesamt', 'net', 'netto', 'gross', 'brutto', 'calc', 'gis', 'stated'],
  ...['field', 'feld', 'schlag', 'parcelle', 'parcel', 'perceel', 'parcela', 'campo', 'champ'],
]);
