/** What other features use of groups: the group selector of item forms and the custom-state column of lists. */
export { useCustomStateColumn } from "./custom-states.tsx";
export { GroupSelect } from "./group-select.tsx";
