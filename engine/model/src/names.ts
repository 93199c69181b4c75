/** Wire names are Upper_Snake (`Dept_Name`), SQL names are lower snake (`dept_name`). */
export function columnOf(wireName: string): string {
  return wireName.toLowerCase();
}

export function snake(camel: string): string {
  return camel
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9_]/g, '_')
    .toLowerCase();
}
