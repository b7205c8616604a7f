import { ITEM_TYPE } from "@vigia/domain";

/**
 * The vehicle, asset or person a row names by its `item_type` and `item_id` columns, as three left joins aliased
 * `v`, `a` and `p` (at most one of them matches). `row` is the alias of the table holding the two columns.
 */
export function joinItems(row: string): string {
  return `left join vehicles v on ${row}.item_type = ${ITEM_TYPE.vehicle} and v.id = ${row}.item_id
     left join assets a on ${row}.item_type = ${ITEM_TYPE.asset} and a.id = ${row}.item_id
     left join persons p on ${row}.item_type = ${ITEM_TYPE.person} and p.id = ${row}.item_id`;
}
