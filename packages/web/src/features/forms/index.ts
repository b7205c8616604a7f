export { FormsPage } from "./forms-page.tsx";
export { ItemFormsButton } from "./item-forms-button.tsx";
