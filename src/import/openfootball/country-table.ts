/**
 * Countries of the openfootball data. The key is openfootball's own country code: the prefix of
 * its clubs files (`eng.clubs.txt`, `de.clubs.txt`) and of its league codes (`eng.1`, `de.1`):
 * ISO 3166-1 alpha-2 in lower case, except the UK's football nations (eng, sco, wal, nir) and
 * Kosovo (kos).
 *
 * alpha3 is ISO 3166-1 alpha-3, except ENG/SCO/WAL/NIR (FIFA's codes, no ISO country exists) and
 * XKX for Kosovo (the code the EU and others use while ISO has none). fifa is the FIFA trigram
 * that the Champions League and Copa Libertadores files append to team names ("(GER)"); Monaco has
 * no FIFA association and the data writes "(MCO)".
 * region follows the upstream clubs folder (middle-east counts as Asia, caribbean and
 * central-america as North and Central America, pacific as Oceania).
 */
export type Region =
  | "Europe"
  | "South America"
  | "North and Central America"
  | "Asia"
  | "Africa"
  | "Oceania";

export type CountryEntry = {
  key: string;
  name: string;
  /** null for England, Scotland, Wales and Northern Ireland: no ISO country of their own. */
  alpha2: string | null;
  alpha3: string;
  fifa: string;
  region: Region;
  /** Other names used in headings of the data ("Österreich", "Latvija", "Macedonia"). */
  aliases?: readonly string[];
};

type Row = [key: string, name: string, alpha2: string | null, alpha3: string, fifa: string, aliases?: string[]];

const EUROPE: Row[] = [
  ["al", "Albania", "AL", "ALB", "ALB"],
  ["ad", "Andorra", "AD", "AND", "AND"],
  ["am", "Armenia", "AM", "ARM", "ARM"],
  ["at", "Austria", "AT", "AUT", "AUT", ["Österreich"]],
  ["az", "Azerbaijan", "AZ", "AZE", "AZE"],
  ["by", "Belarus", "BY", "BLR", "BLR"],
  ["be", "Belgium", "BE", "BEL", "BEL"],
  ["ba", "Bosnia and Herzegovina", "BA", "BIH", "BIH"],
  ["bg", "Bulgaria", "BG", "BGR", "BUL"],
  ["hr", "Croatia", "HR", "HRV", "CRO"],
  ["cy", "Cyprus", "CY", "CYP", "CYP"],
  ["cz", "Czech Republic", "CZ", "CZE", "CZE", ["Czechia"]],
  ["dk", "Denmark", "DK", "DNK", "DEN"],
  ["eng", "England", null, "ENG", "ENG"],
  ["ee", "Estonia", "EE", "EST", "EST"],
  ["fo", "Faroe Islands", "FO", "FRO", "FRO"],
  ["fi", "Finland", "FI", "FIN", "FIN"],
  ["fr", "France", "FR", "FRA", "FRA"],
  ["ge", "Georgia", "GE", "GEO", "GEO"],
  ["de", "Germany", "DE", "DEU", "GER", ["Deutschland"]],
  ["gi", "Gibraltar", "GI", "GIB", "GIB"],
  ["gr", "Greece", "GR", "GRC", "GRE"],
  ["hu", "Hungary", "HU", "HUN", "HUN"],
  ["is", "Iceland", "IS", "ISL", "ISL"],
  ["ie", "Ireland", "IE", "IRL", "IRL", ["Republic of Ireland"]],
  ["it", "Italy", "IT", "ITA", "ITA"],
  ["kos", "Kosovo", "XK", "XKX", "KVX"],
  ["lv", "Latvia", "LV", "LVA", "LVA", ["Latvija"]],
  ["li", "Liechtenstein", "LI", "LIE", "LIE"],
  ["lt", "Lithuania", "LT", "LTU", "LTU"],
  ["lu", "Luxembourg", "LU", "LUX", "LUX"],
  ["mk", "North Macedonia", "MK", "MKD", "MKD", ["Macedonia"]],
  ["mt", "Malta", "MT", "MLT", "MLT"],
  ["md", "Moldova", "MD", "MDA", "MDA"],
  ["mc", "Monaco", "MC", "MCO", "MCO"],
  ["me", "Montenegro", "ME", "MNE", "MNE"],
  ["nl", "Netherlands", "NL", "NLD", "NED"],
  ["nir", "Northern Ireland", null, "NIR", "NIR"],
  ["no", "Norway", "NO", "NOR", "NOR"],
  ["pl", "Poland", "PL", "POL", "POL"],
  ["pt", "Portugal", "PT", "PRT", "POR"],
  ["ro", "Romania", "RO", "ROU", "ROU"],
  ["ru", "Russia", "RU", "RUS", "RUS"],
  ["sm", "San Marino", "SM", "SMR", "SMR"],
  ["sco", "Scotland", null, "SCO", "SCO"],
  ["rs", "Serbia", "RS", "SRB", "SRB"],
  ["sk", "Slovakia", "SK", "SVK", "SVK"],
  ["si", "Slovenia", "SI", "SVN", "SVN"],
  ["es", "Spain", "ES", "ESP", "ESP", ["España"]],
  ["se", "Sweden", "SE", "SWE", "SWE"],
  ["ch", "Switzerland", "CH", "CHE", "SUI"],
  ["tr", "Turkey", "TR", "TUR", "TUR", ["Türkiye"]],
  ["ua", "Ukraine", "UA", "UKR", "UKR"],
  ["wal", "Wales", null, "WAL", "WAL"],
];

const ASIA: Row[] = [
  ["bh", "Bahrain", "BH", "BHR", "BHR"],
  ["cn", "China", "CN", "CHN", "CHN", ["China PR"]],
  ["in", "India", "IN", "IND", "IND"],
  ["id", "Indonesia", "ID", "IDN", "IDN"],
  ["ir", "Iran", "IR", "IRN", "IRN"],
  ["il", "Israel", "IL", "ISR", "ISR"],
  ["jp", "Japan", "JP", "JPN", "JPN"],
  ["jo", "Jordan", "JO", "JOR", "JOR"],
  ["kz", "Kazakhstan", "KZ", "KAZ", "KAZ"],
  ["lb", "Lebanon", "LB", "LBN", "LBN"],
  ["my", "Malaysia", "MY", "MYS", "MAS"],
  ["mm", "Myanmar", "MM", "MMR", "MYA"],
  ["om", "Oman", "OM", "OMN", "OMA"],
  ["ps", "Palestine", "PS", "PSE", "PLE"],
  ["qa", "Qatar", "QA", "QAT", "QAT"],
  ["sa", "Saudi Arabia", "SA", "SAU", "KSA"],
  ["sg", "Singapore", "SG", "SGP", "SGP"],
  ["kr", "South Korea", "KR", "KOR", "KOR", ["Korea Republic"]],
  ["tw", "Taiwan", "TW", "TWN", "TPE"],
  ["tj", "Tajikistan", "TJ", "TJK", "TJK"],
  ["th", "Thailand", "TH", "THA", "THA"],
  ["tm", "Turkmenistan", "TM", "TKM", "TKM"],
  ["ae", "United Arab Emirates", "AE", "ARE", "UAE"],
  ["uz", "Uzbekistan", "UZ", "UZB", "UZB"],
  ["vn", "Vietnam", "VN", "VNM", "VIE"],
];

const AFRICA: Row[] = [
  ["dz", "Algeria", "DZ", "DZA", "ALG"],
  ["ao", "Angola", "AO", "AGO", "ANG"],
  ["bi", "Burundi", "BI", "BDI", "BDI"],
  ["cd", "DR Congo", "CD", "COD", "COD", ["Congo DR"]],
  ["eg", "Egypt", "EG", "EGY", "EGY"],
  ["gh", "Ghana", "GH", "GHA", "GHA"],
  ["ke", "Kenya", "KE", "KEN", "KEN"],
  ["mu", "Mauritius", "MU", "MUS", "MRI"],
  ["ma", "Morocco", "MA", "MAR", "MAR"],
  ["ng", "Nigeria", "NG", "NGA", "NGA"],
  ["za", "South Africa", "ZA", "ZAF", "RSA"],
  ["tz", "Tanzania", "TZ", "TZA", "TAN"],
  ["tn", "Tunisia", "TN", "TUN", "TUN"],
  ["ug", "Uganda", "UG", "UGA", "UGA"],
  ["zm", "Zambia", "ZM", "ZMB", "ZAM"],
  ["zw", "Zimbabwe", "ZW", "ZWE", "ZIM"],
];

const NORTH_AND_CENTRAL_AMERICA: Row[] = [
  ["ai", "Anguilla", "AI", "AIA", "AIA"],
  ["ca", "Canada", "CA", "CAN", "CAN"],
  ["cr", "Costa Rica", "CR", "CRI", "CRC"],
  ["sv", "El Salvador", "SV", "SLV", "SLV"],
  ["gt", "Guatemala", "GT", "GTM", "GUA"],
  ["ht", "Haiti", "HT", "HTI", "HAI"],
  ["hn", "Honduras", "HN", "HND", "HON"],
  ["jm", "Jamaica", "JM", "JAM", "JAM"],
  ["mx", "Mexico", "MX", "MEX", "MEX"],
  ["ni", "Nicaragua", "NI", "NIC", "NCA"],
  ["pa", "Panama", "PA", "PAN", "PAN"],
  ["pr", "Puerto Rico", "PR", "PRI", "PUR"],
  ["tt", "Trinidad and Tobago", "TT", "TTO", "TRI"],
  ["us", "United States", "US", "USA", "USA", ["USA"]],
];

const SOUTH_AMERICA: Row[] = [
  ["ar", "Argentina", "AR", "ARG", "ARG"],
  ["bo", "Bolivia", "BO", "BOL", "BOL"],
  ["br", "Brazil", "BR", "BRA", "BRA"],
  ["cl", "Chile", "CL", "CHL", "CHI"],
  ["co", "Colombia", "CO", "COL", "COL"],
  ["ec", "Ecuador", "EC", "ECU", "ECU"],
  ["gy", "Guyana", "GY", "GUY", "GUY"],
  ["py", "Paraguay", "PY", "PRY", "PAR"],
  ["pe", "Peru", "PE", "PER", "PER"],
  ["sr", "Suriname", "SR", "SUR", "SUR"],
  ["uy", "Uruguay", "UY", "URY", "URU"],
  ["ve", "Venezuela", "VE", "VEN", "VEN"],
];

const OCEANIA: Row[] = [
  ["au", "Australia", "AU", "AUS", "AUS"],
  ["nz", "New Zealand", "NZ", "NZL", "NZL"],
];

function entries(rows: Row[], region: Region): CountryEntry[] {
  return rows.map(([key, name, alpha2, alpha3, fifa, aliases]) => ({
    key,
    name,
    alpha2,
    alpha3,
    fifa,
    region,
    ...(aliases ? { aliases } : {}),
  }));
}

export const COUNTRY_TABLE: readonly CountryEntry[] = [
  ...entries(EUROPE, "Europe"),
  ...entries(ASIA, "Asia"),
  ...entries(AFRICA, "Africa"),
  ...entries(NORTH_AND_CENTRAL_AMERICA, "North and Central America"),
  ...entries(SOUTH_AMERICA, "South America"),
  ...entries(OCEANIA, "Oceania"),
];
