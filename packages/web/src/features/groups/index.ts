/** What other features use of groups: the group selector of item forms and the custom-state column of lists. */
export { useCustomStateColumn } from "./CustomStates.tsx";
export { GroupSelect } from "./GroupSelect.tsx";
