/**
 * What a refusal written below the framework says of itself, for the journal. Its own module:
 * the error plugin writes these and the request declarations name the journal's hook for them.
 */
export interface RawRefusal {
  method: string;
  path: string;
  status: number;
  body: string;
  request_id: string;
  headers: Record<string, string | string[] | undefined>;
}
