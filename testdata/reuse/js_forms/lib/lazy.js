export const later = 1; // want status:"unused"
