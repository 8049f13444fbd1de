import type { ContentLanguage } from "./document.js";

/**
 * The sentences of a bet builder explanation in every content language. Team names
 * stand alone (never after an article), so no language needs their gender; numbers
 * come already formatted for the language.
 */
export type Phrases = {
  /** Letters for won, drawn and lost in a form string. */
  formLetters: { W: string; D: string; L: string };
  form: (team: string, won: number, played: number, letters: string) => string;
  noForm: (team: string) => string;
  live: (minute: number, home: number, away: number) => string;
  model: (p: { home: string; away: string; ph: number; pd: number; pa: number; xg: string; over: number; btts: number }) => string;
  verdict: (legs: string, probability: number, fair: string, price: string) => string;
  legs: {
    homeWin: (home: string) => string;
    draw: string;
    awayWin: (away: string) => string;
    over: (line: string) => string;
    under: (line: string) => string;
    bttsYes: string;
    bttsNo: string;
    homeOrDraw: (home: string) => string;
    noDraw: string;
    awayOrDraw: (away: string) => string;
  };
};

export const PHRASES: Record<ContentLanguage, Phrases> = {
  en: {
    formLetters: { W: "W", D: "D", L: "L" },
    form: (team, won, played, letters) => `${team} have won ${won} of their last ${played} (${letters})`,
    noForm: (team) => `${team} have no recent results`,
    live: (minute, home, away) => `In play, minute ${minute}, ${home}-${away}.`,
    model: (p) =>
      `The model gives ${p.home} ${p.ph}%, the draw ${p.pd}% and ${p.away} ${p.pa}%, with ${p.xg} goals expected (over 2.5: ${p.over}%; both teams to score: ${p.btts}%).`,
    verdict: (legs, probability, fair, price) =>
      `Suggested: ${legs}. The model rates this combination at ${probability}% (fair odds ${fair}) against combined odds of ${price}.`,
    legs: {
      homeWin: (home) => `${home} to win`,
      draw: "draw",
      awayWin: (away) => `${away} to win`,
      over: (line) => `over ${line} goals`,
      under: (line) => `under ${line} goals`,
      bttsYes: "both teams to score",
      bttsNo: "not both teams to score",
      homeOrDraw: (home) => `${home} or draw`,
      noDraw: "no draw",
      awayOrDraw: (away) => `${away} or draw`,
    },
  },
  de: {
    formLetters: { W: "S", D: "U", L: "N" },
    form: (team, won, played, letters) => `${team} hat ${won} der letzten ${played} Spiele gewonnen (${letters})`,
    noForm: (team) => `${team} hat noch keine aktuellen Ergebnisse`,
    live: (minute, home, away) => `Live, ${minute}. Minute, Stand ${home}:${away}.`,
    model: (p) =>
      `Das Modell gibt ${p.home} ${p.ph} %, dem Unentschieden ${p.pd} % und ${p.away} ${p.pa} %, bei ${p.xg} erwarteten Toren (über 2,5: ${p.over} %; beide Teams treffen: ${p.btts} %).`,
    verdict: (legs, probability, fair, price) =>
      `Vorschlag: ${legs}. Das Modell bewertet diese Kombination mit ${probability} % (faire Quote ${fair}) bei einer Gesamtquote von ${price}.`,
    legs: {
      homeWin: (home) => `Sieg ${home}`,
      draw: "Unentschieden",
      awayWin: (away) => `Sieg ${away}`,
      over: (line) => `über ${line} Tore`,
      under: (line) => `unter ${line} Tore`,
      bttsYes: "beide Teams treffen",
      bttsNo: "nicht beide Teams treffen",
      homeOrDraw: (home) => `${home} oder Unentschieden`,
      noDraw: "kein Unentschieden",
      awayOrDraw: (away) => `${away} oder Unentschieden`,
    },
  },
  es: {
    formLetters: { W: "V", D: "E", L: "D" },
    form: (team, won, played, letters) => `${team} ha ganado ${won} de sus últimos ${played} partidos (${letters})`,
    noForm: (team) => `${team} no tiene resultados recientes`,
    live: (minute, home, away) => `En juego, minuto ${minute}, ${home}-${away}.`,
    model: (p) =>
      `Según el modelo: ${p.home} ${p.ph} %, empate ${p.pd} %, ${p.away} ${p.pa} %, con ${p.xg} goles esperados (más de 2,5: ${p.over} %; ambos marcan: ${p.btts} %).`,
    verdict: (legs, probability, fair, price) =>
      `Propuesta: ${legs}. El modelo estima esta combinación en un ${probability} % (cuota justa ${fair}) frente a una cuota combinada de ${price}.`,
    legs: {
      homeWin: (home) => `gana ${home}`,
      draw: "empate",
      awayWin: (away) => `gana ${away}`,
      over: (line) => `más de ${line} goles`,
      under: (line) => `menos de ${line} goles`,
      bttsYes: "ambos equipos marcan",
      bttsNo: "no marcan ambos equipos",
      homeOrDraw: (home) => `${home} o empate`,
      noDraw: "sin empate",
      awayOrDraw: (away) => `${away} o empate`,
    },
  },
  fr: {
    formLetters: { W: "V", D: "N", L: "D" },
    form: (team, won, played, letters) => `${team} : ${won} victoire(s) sur les ${played} derniers matchs (${letters})`,
    noForm: (team) => `${team} : aucun résultat récent`,
    live: (minute, home, away) => `En direct, ${minute}e minute, ${home}-${away}.`,
    model: (p) =>
      `Selon le modèle : ${p.home} ${p.ph} %, match nul ${p.pd} %, ${p.away} ${p.pa} %, avec ${p.xg} buts attendus (plus de 2,5 : ${p.over} % ; les deux équipes marquent : ${p.btts} %).`,
    verdict: (legs, probability, fair, price) =>
      `Proposition : ${legs}. Le modèle estime cette combinaison à ${probability} % (cote juste ${fair}) pour une cote combinée de ${price}.`,
    legs: {
      homeWin: (home) => `victoire de ${home}`,
      draw: "match nul",
      awayWin: (away) => `victoire de ${away}`,
      over: (line) => `plus de ${line} buts`,
      under: (line) => `moins de ${line} buts`,
      bttsYes: "les deux équipes marquent",
      bttsNo: "les deux équipes ne marquent pas toutes les deux",
      homeOrDraw: (home) => `${home} ou match nul`,
      noDraw: "pas de match nul",
      awayOrDraw: (away) => `${away} ou match nul`,
    },
  },
  it: {
    formLetters: { W: "V", D: "N", L: "P" },
    form: (team, won, played, letters) => `${team} ha vinto ${won} delle ultime ${played} partite (${letters})`,
    noForm: (team) => `${team} non ha risultati recenti`,
    live: (minute, home, away) => `In corso, ${minute}° minuto, ${home}-${away}.`,
    model: (p) =>
      `Secondo il modello: ${p.home} ${p.ph}%, pareggio ${p.pd}%, ${p.away} ${p.pa}%, con ${p.xg} gol attesi (over 2,5: ${p.over}%; entrambe segnano: ${p.btts}%).`,
    verdict: (legs, probability, fair, price) =>
      `Proposta: ${legs}. Il modello stima questa combinazione al ${probability}% (quota equa ${fair}) contro una quota combinata di ${price}.`,
    legs: {
      homeWin: (home) => `vittoria ${home}`,
      draw: "pareggio",
      awayWin: (away) => `vittoria ${away}`,
      over: (line) => `over ${line} gol`,
      under: (line) => `under ${line} gol`,
      bttsYes: "entrambe le squadre segnano",
      bttsNo: "non segnano entrambe le squadre",
      homeOrDraw: (home) => `${home} o pareggio`,
      noDraw: "nessun pareggio",
      awayOrDraw: (away) => `${away} o pareggio`,
    },
  },
  pt: {
    formLetters: { W: "V", D: "E", L: "D" },
    form: (team, won, played, letters) => `${team}: ${won} vitória(s) nos últimos ${played} jogos (${letters})`,
    noForm: (team) => `${team}: sem resultados recentes`,
    live: (minute, home, away) => `Ao vivo, minuto ${minute}, ${home}-${away}.`,
    model: (p) =>
      `Segundo o modelo: ${p.home} ${p.ph}%, empate ${p.pd}%, ${p.away} ${p.pa}%, com ${p.xg} golos esperados (mais de 2,5: ${p.over}%; ambas as equipas marcam: ${p.btts}%).`,
    verdict: (legs, probability, fair, price) =>
      `Sugestão: ${legs}. O modelo estima esta combinação em ${probability}% (odd justa ${fair}) contra uma odd combinada de ${price}.`,
    legs: {
      homeWin: (home) => `${home} vence`,
      draw: "empate",
      awayWin: (away) => `${away} vence`,
      over: (line) => `mais de ${line} golos`,
      under: (line) => `menos de ${line} golos`,
      bttsYes: "ambas as equipas marcam",
      bttsNo: "não marcam ambas as equipas",
      homeOrDraw: (home) => `${home} ou empate`,
      noDraw: "sem empate",
      awayOrDraw: (away) => `${away} ou empate`,
    },
  },
  nl: {
    formLetters: { W: "W", D: "G", L: "V" },
    form: (team, won, played, letters) => `${team} won ${won} van de laatste ${played} wedstrijden (${letters})`,
    noForm: (team) => `${team} heeft geen recente uitslagen`,
    live: (minute, home, away) => `Live, minuut ${minute}, ${home}-${away}.`,
    model: (p) =>
      `Volgens het model: ${p.home} ${p.ph}%, gelijkspel ${p.pd}%, ${p.away} ${p.pa}%, met ${p.xg} verwachte doelpunten (meer dan 2,5: ${p.over}%; beide teams scoren: ${p.btts}%).`,
    verdict: (legs, probability, fair, price) =>
      `Voorstel: ${legs}. Het model schat deze combinatie op ${probability}% (eerlijke quotering ${fair}) tegenover een gecombineerde quotering van ${price}.`,
    legs: {
      homeWin: (home) => `${home} wint`,
      draw: "gelijkspel",
      awayWin: (away) => `${away} wint`,
      over: (line) => `meer dan ${line} doelpunten`,
      under: (line) => `minder dan ${line} doelpunten`,
      bttsYes: "beide teams scoren",
      bttsNo: "niet beide teams scoren",
      homeOrDraw: (home) => `${home} of gelijkspel`,
      noDraw: "geen gelijkspel",
      awayOrDraw: (away) => `${away} of gelijkspel`,
    },
  },
};
