export { FormsPage } from "./FormsPage.tsx";
export { ItemFormsButton } from "./ItemFormsButton.tsx";
