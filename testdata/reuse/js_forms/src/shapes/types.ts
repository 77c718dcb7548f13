export interface Shape { r: number } // want status:"used"
export type Id = string; // want status:"import_only"
