/** A document of headed sections, written once per language. */
export interface Doc {
  title: string;
  updated: string;
  intro: string;
  sections: { id: string; heading: string; paragraphs: string[] }[];
}
