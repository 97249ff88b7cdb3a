/** Round to `digits` decimal places (figures in responses: confidences, rates, percentages). */
export const round = (n: number, digits: number): number => Math.round(n * 10 ** digits) / 10 ** digits;
