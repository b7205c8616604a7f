/** What the frame uses of the profile: the language of the user menu is saved in the profile. */
export { profileOf, saveProfileLanguage } from "./profile-language.ts";
