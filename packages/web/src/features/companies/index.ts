/** What other features use of the companies administration: the company's custom data fields of the item forms. */

export { CustomDataFields } from "./custom-data-fields.tsx";
