// What the benchmarks say to Caja.

// A realistic mix: log + confirm, a query, a correction, a cancel.
export const FINANCE = [
  'gasté 250 en uber ayer', 'sí',
  'me pagaron la quincena, 8,500', 'si',
  '¿cuánto llevo gastado este mes?',
  'gasté en comida', '180', 'ok',
  'presupuesto de 8,000 al mes', 'sí',
  '¿cómo voy con el presupuesto?',
  'gasté 99 en oxxo', 'no, eran 120', 'sí',
  'mis últimos movimientos',
  'tengo 12,000 en el banco', 'va',
  '¿puedo comprar unos tenis de 1,800?',
  'gasté 40 en café', 'cancelar',
];
