/** The parts of schemathesis's JSON run report (`--report json`) the fuzz run prints. */
export interface FuzzReport {
  /** Test cases generated and sent, one request each (checks such as ignored_auth add a few more). */
  generated: number;
  /** Failed checks, grouped the way schemathesis groups them: [check or title, count]. */
  failures: Array<[string, number]>;
  /** Cases that could not run at all (schema errors, network errors). */
  errors: Array<[string, number]>;
}

type RawReport = {
  test_cases?: { generated?: number };
  failures?: Array<{ type?: string; title?: string; count?: number }>;
  errors?: Array<{ title?: string; count?: number }>;
};

export function parseFuzzReport(json: string): FuzzReport {
  const raw = JSON.parse(json) as RawReport;
  return {
    generated: raw.test_cases?.generated ?? 0,
    failures: (raw.failures ?? []).map((f) => [f.title ?? f.type ?? "failure", f.count ?? 1]),
    errors: (raw.errors ?? []).map((e) => [e.title ?? "error", e.count ?? 1]),
  };
}
