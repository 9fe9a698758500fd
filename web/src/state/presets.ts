// Moving AI benchmark maps shipped in web/public/maps (attribution in SOURCES.txt there and
// in the page's credits).
export interface Preset {
  file: string;
  width: number;
  height: number;
  source: string;
}

export const PRESETS: readonly Preset[] = [
  { file: 'arena.map', width: 49, height: 49, source: 'Dragon Age: Origins (BioWare)' },
  { file: 'den312d.map', width: 65, height: 81, source: 'Dragon Age: Origins (BioWare)' },
  { file: 'AR0011SR.map', width: 512, height: 512, source: "Baldur's Gate II (BioWare)" },
  { file: 'random512-10-0.map', width: 512, height: 512, source: 'Moving AI random obstacles' },
];
