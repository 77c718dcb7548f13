// A barrel: aliases only, no symbols of its own.
export * from './bleu';
