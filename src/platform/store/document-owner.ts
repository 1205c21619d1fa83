// A document belongs to the business entity that issued it; its merchant is whoever has that
// entity now ('' for none: the operator's own), so giving an entity to a merchant, or moving it
// to another, moves its documents: reads, download links and callbacks. Both stores read it the
// same way, joining the entity's row by its primary key (`d` is the documents row).

/** The join that reads a document's owner; a document of an unknown entity is the operator's. */
export const OWNER_JOIN = 'LEFT JOIN business_entities be ON be.id = d.business_entity_id';

/** The document's merchant now: '' for none. */
export const OWNER = "coalesce(be.merchant_id, '')";
