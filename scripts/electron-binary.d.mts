export function findElectronBinary(): { binary: string; reason?: undefined } | { binary?: undefined; reason: string };
