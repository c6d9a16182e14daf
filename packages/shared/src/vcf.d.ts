// Types for the parts of the `vcf` package (2.x, no bundled types) that tests use to parse our vCards.
declare module 'vcf' {
  namespace vCard {
    /** One parsed content line: parameters are own properties (`type` lower-cased), the raw value via valueOf(). */
    class Property {
      constructor(field: string, value: string, params?: Record<string, string | string[]>);
      readonly [param: string]: unknown;
      /** Whether the TYPE parameter includes `type` (lower case). */
      is(type: string): boolean;
      /** The value exactly as written (still escaped, structured parts still joined by `;`). */
      valueOf(): string;
    }
  }
  class vCard {
    version: string;
    data: Record<string, vCard.Property | vCard.Property[]>;
    get(key: string): vCard.Property | vCard.Property[] | undefined;
    /** Splits a string into cards and parses each (unfolding lines). */
    static parse(value: string): vCard[];
  }
  export = vCard;
}
