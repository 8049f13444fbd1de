/** A document ready to be indexed under its id: what the rebuild's document builders produce and the bulk loader takes. */
export type IndexedDocument = { id: string; doc: object };
