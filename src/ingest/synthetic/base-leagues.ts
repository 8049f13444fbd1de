import type { SyntheticCountryKey } from "./countries.js";

/**
 * The hand-written leagues of the synthetic data set. Club names are invented but read like real
 * ones, with accents, umlauts, "ß", "&" and apostrophes so search folding has something to do,
 * 1 to 3 alternate names each, and localized names where a language would say the city
 * differently (München is Monaco di Baviera in Italian). Codes follow the real data's scheme
 * (en.1, de.2, uefa.cl), so levels read the same way.
 */

type Localized = { de?: string; es?: string; fr?: string; it?: string; pt?: string; nl?: string };

export type TeamSpec = { name: string; shortCode: string; alternates: string[]; names: Localized };

export type LeagueSpec = {
  code: string;
  name: string;
  alternates: string[];
  names: Localized;
  level: number;
  country: SyntheticCountryKey;
  /** Teams of a domestic league; a cup's come from `entrants`. */
  teams: TeamSpec[];
};

export type CupSpec = Omit<LeagueSpec, "teams"> & {
  /** How many teams (the first ones listed) each league sends; 16 in all, four groups of four. */
  entrants: Array<{ league: string; count: number }>;
};

const t = (name: string, shortCode: string, alternates: string[], names: Localized = {}): TeamSpec => ({
  name,
  shortCode,
  alternates,
  names,
});

export const BASE_LEAGUES: readonly LeagueSpec[] = [
  {
    code: "en.1",
    name: "Premier League",
    alternates: ["English Premier League", "EPL"],
    names: { es: "Premier League inglesa", it: "Premier League inglese", pt: "Premier League inglesa" },
    level: 1,
    country: "eng",
    teams: [
      t("Kingsbridge United", "KIN", ["Kingsbridge", "The Bridge"]),
      t("Ashford Rovers", "ASH", ["Ashford"]),
      t("Northgate City", "NOR", ["Northgate", "The Citizens of Northgate"]),
      t("Harbury Athletic", "HAR", ["Harbury"]),
      t("Westmoor Wanderers", "WES", ["Westmoor", "Wanderers"]),
      t("Redcliffe Albion", "RED", ["Redcliffe"]),
      t("Saint Aldric's", "SAL", ["St Aldric's", "St. Aldrics FC"]),
      t("Brookfield Town", "BRO", ["Brookfield"]),
      t("Elmstead Forest", "ELM", ["Elmstead", "Forest"]),
      t("Carrow Park Rangers", "CPR", ["Carrow Park", "CPR"]),
      t("Milbury Hotspur", "MIL", ["Milbury"]),
      t("Thornley County", "THO", ["Thornley"]),
      t("Oakhurst & Vale", "OAK", ["Oakhurst and Vale", "Oakhurst"]),
      t("Dunmore Villa", "DUN", ["Dunmore"]),
      t("Fenwick Orient", "FEN", ["Fenwick"]),
      t("Galloway Swifts", "GAL", ["Galloway"]),
      t("Lowestead Argyle", "LOW", ["Lowestead"]),
      t("Pemberton Athletic", "PEM", ["Pemberton", "Pembo"]),
      t("Queensferry City", "QUE", ["Queensferry"]),
      t("Whitchester Rovers", "WHI", ["Whitchester"]),
    ],
  },
  {
    code: "es.1",
    name: "LaLiga",
    alternates: ["La Liga", "Primera División"],
    names: { de: "La Liga", fr: "Liga espagnole", it: "Liga spagnola", pt: "La Liga espanhola", nl: "La Liga" },
    level: 1,
    country: "es",
    teams: [
      t("Atlético Valdemora", "ATV", ["Atlético de Valdemora", "Atleti Valdemora"]),
      t("Real Sociedad Castellana", "RSC", ["Castellana", "Real Castellana"], { it: "Reale Società Castigliana" }),
      t("Deportivo Alcorán", "DAL", ["Depor Alcorán", "Alcorán"]),
      t("UD Marbella del Sol", "UDM", ["Marbella", "Unión Deportiva Marbella"]),
      t("Sporting Peñaranda", "SPE", ["Peñaranda"]),
      t("Club Atlético Almendral", "CAA", ["Almendral"]),
      t("Racing Cantábrico", "RCA", ["Racing", "Cantábrico"]),
      t("Celta Miradouro", "CMI", ["Celta", "Miradouro"]),
      t("Real Sierra Nevada", "RSN", ["Sierra Nevada"]),
      t("CD Logroñés Ebro", "LEB", ["Logroñés", "Ebro"]),
      t("Levante Azahar", "LAZ", ["Azahar"]),
      t("Betis Guadalmar", "BGU", ["Guadalmar"]),
      t("SD Pirineo", "SDP", ["Pirineo", "Sociedad Deportiva Pirineo"]),
      t("Córdoba Califal", "COR", ["Califal"]),
      t("Granada Alhambra CF", "GRA", ["Alhambra"]),
      t("Cádiz Bahía", "CBA", ["Bahía de Cádiz"]),
      t("Getafe Meseta", "GME", ["Meseta"]),
      t("Mallorca Tramuntana", "MTR", ["Tramuntana"], { de: "Mallorca Tramuntana SV" }),
      t("Elche Palmeral", "EPA", ["Palmeral"]),
      t("Sevilla Triana", "STR", ["Triana"], { fr: "Séville Triana", it: "Siviglia Triana" }),
    ],
  },
  {
    code: "de.1",
    name: "Bundesliga",
    alternates: ["1. Bundesliga", "German Bundesliga"],
    names: { es: "Bundesliga alemana", it: "Bundesliga tedesca", pt: "Bundesliga alemã" },
    level: 1,
    country: "de",
    teams: [
      t("FC München 1899", "MUN", ["München", "Munich", "FCM"], { es: "FC Múnich 1899", fr: "FC Munich 1899", it: "FC Monaco di Baviera 1899" }),
      t("SV Köln-Deutz", "KOE", ["Köln-Deutz", "Deutz"], { es: "SV Colonia-Deutz", fr: "SV Cologne-Deutz", it: "SV Colonia-Deutz" }),
      t("Borussia Rheinhafen", "BRH", ["Rheinhafen"]),
      t("Eintracht Nürnberg", "EIN", ["Nürnberg", "Eintracht"], { it: "Eintracht Norimberga", fr: "Eintracht Nuremberg" }),
      t("VfB Schwarzwald", "VFB", ["Schwarzwald"]),
      t("Fortuna Düsseltal", "FOR", ["Düsseltal", "Fortuna"]),
      t("TSG Hohenstaufen", "TSG", ["Hohenstaufen"]),
      t("Hertha Spreewald", "HSP", ["Spreewald"]),
      t("Werder Weserstadt", "WER", ["Weserstadt"]),
      t("Arminia Teutoburg", "ARM", ["Teutoburg"]),
      t("SC Freiburg-Süd", "SCF", ["Freiburg-Süd"], { fr: "SC Fribourg-Sud" }),
      t("1. FC Neckarau", "FCN", ["Neckarau"]),
      t("Alemannia Aachener Land", "ALE", ["Alemannia"], { fr: "Alemannia Aix-la-Chapelle", nl: "Alemannia Akense Land" }),
      t("Rot-Weiß Ruhrpott", "RWR", ["Rot-Weiss Ruhrpott", "RW Ruhrpott"]),
      t("Union Havelland", "UNH", ["Havelland"]),
      t("Kickers Würzburg", "KWU", ["Würzburg"]),
      t("SpVgg Fürth-Ost", "SPF", ["Fürth-Ost"]),
      t("Holstein Förde", "HOL", ["Förde"]),
    ],
  },
  {
    code: "de.2",
    name: "2. Bundesliga",
    alternates: ["Zweite Bundesliga", "Bundesliga 2"],
    names: { es: "Segunda Bundesliga", fr: "2. Bundesliga", it: "Zweite Bundesliga", pt: "Segunda Bundesliga" },
    level: 2,
    country: "de",
    teams: [
      t("FC Gießen 1900", "GIE", ["Gießen", "Giessen"]),
      t("SV Bremerhaven", "SVB", ["Bremerhaven"]),
      t("VfL Osnabrück-Land", "OSN", ["Osnabrück"]),
      t("Preußen Münsterland", "PRM", ["Preussen Münsterland"]),
      t("Dynamo Elbsandstein", "DYE", ["Elbsandstein"]),
      t("Hansa Ostseeküste", "HAN", ["Hansa"]),
      t("Energie Lausitz", "ENL", ["Lausitz"]),
      t("SC Paderborn-Senne", "PAD", ["Senne"]),
      t("Wehen Taunus", "WTA", ["Taunus"]),
      t("Jahn Donautal", "JAH", ["Donautal"], { fr: "Jahn Vallée du Danube" }),
      t("Sandhausen Kurpfalz", "SKU", ["Kurpfalz"]),
      t("Erzgebirge Zschorlau", "ERZ", ["Erzgebirge"]),
      t("Carl Zeiss Saaletal", "CZS", ["Saaletal"]),
      t("Waldhof Quadrate", "WAL", ["Waldhof"]),
      t("Viktoria Köln-Höhenberg", "VKH", ["Viktoria Köln"], { it: "Viktoria Colonia-Höhenberg", es: "Viktoria Colonia-Höhenberg" }),
      t("Ulm Münsterplatz", "ULM", ["Ulm"]),
      t("Saarbrücken Ludwigspark", "SAA", ["Saarbrücken"], { fr: "Sarrebruck Ludwigspark" }),
      t("Darmstadt Böllenfalltor", "DAR", ["Darmstadt"]),
    ],
  },
  {
    code: "br.1",
    name: "Brasileirão Série A",
    alternates: ["Campeonato Brasileiro Série A", "Brasileirao"],
    names: { de: "Brasilianische Série A", es: "Brasileirão Serie A", it: "Campionato brasiliano Série A" },
    level: 1,
    country: "br",
    teams: [
      t("São Bento Paulista", "SBP", ["São Bento", "Sao Bento Paulista"]),
      t("Grêmio Serrano", "GRS", ["Grêmio", "Gremio Serrano"]),
      t("Atlético Cerrado", "ACE", ["Atlético Cerrado Clube", "Galo do Cerrado"]),
      t("Flamengo do Norte", "FLN", ["Flamengo Norte"]),
      t("Coritiba Araucária", "CAR", ["Araucária"]),
      t("Fluminense Guanabara", "FGU", ["Guanabara"]),
      t("Vitória Recôncavo", "VIR", ["Vitória"]),
      t("Ceará Litoral", "CEL", ["Litoral"]),
      t("Náutico Capibaribe", "NAU", ["Náutico"]),
      t("Cruzeiro das Gerais", "CRG", ["Cruzeiro Gerais"]),
      t("Goiás Planalto", "GOP", ["Planalto"]),
      t("Paraná Iguaçu", "PIG", ["Iguaçu"]),
      t("Santos Baixada", "SBA", ["Baixada Santista"]),
      t("Juventude Serra Gaúcha", "JUV", ["Juventude"]),
      t("Avaí Floripa", "AVF", ["Avaí"]),
      t("Bahia Pelourinho", "BPE", ["Pelourinho"]),
    ],
  },
];

export const BASE_CUP: CupSpec = {
  code: "uefa.cl",
  name: "UEFA Champions League",
  alternates: ["Champions League", "UCL"],
  names: {
    es: "Liga de Campeones de la UEFA",
    fr: "Ligue des champions de l'UEFA",
    pt: "Liga dos Campeões da UEFA",
    it: "UEFA Champions League",
  },
  level: 1,
  country: "europe",
  entrants: [
    { league: "en.1", count: 6 },
    { league: "es.1", count: 5 },
    { league: "de.1", count: 5 },
  ],
};

/** Popular leagues (docs/data.md, "Leagues"): level 1 of en, de, es, it, fr, plus uefa.cl. */
