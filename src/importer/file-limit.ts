/**
 * The interface's upload limit, 10 MiB (`MAX_CSV_BYTES`), written out here so the element's
 * bundle does not carry the CSV reader it is declared beside (a test keeps the two equal).
 */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
