/** A text field of a posted form; a file or a missing field reads as empty. Shared by page actions and the scripts of their forms. */
export const textField = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};
