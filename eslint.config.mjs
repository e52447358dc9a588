import fs from "node:fs";
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";
import house from "./eslint-rules/comments-in-place.mjs";
import { PLATFORM, RUNTIME } from "./src/server/floors.mjs";

const clientImportsServer = {
  selector:
    "Program:has(> ExpressionStatement[directive='use client']) ImportDeclaration[source.value=/^@\\/server\\//]",
  message: "A client component runs in the browser: import what it shares from src/features.",
};
// A control disabled while its action is pending drops the focus of whoever pressed it to the page
// (docs/decisions/037-focus-after-an-action.md): Button's `pending`, read-only fields instead.
const disabledWhilePending = {
  selector:
    "JSXAttribute[name.name='disabled'] Identifier[name=/^(is(Pending|Fetching|FetchingNextPage|Submitting)|pending|busy|saving|processing|uploading|submitting)$/]",
  message:
    "Disabling a control while its action is pending drops her focus: give a Button `pending` (and a field readOnly) instead.",
};
const destructiveToastByHand = {
  selector: "CallExpression[callee.name='toast'] Property[key.name='variant']",
  message: 'A failure is told one way: toastError(title, description) from "@/hooks/use-toast".',
};
const rawSelect = {
  selector: "JSXOpeningElement[name.name='select']",
  message:
    'A choice among fixed options is NativeSelect from "@/components/ui/native-select": one look for every select.',
};
const adminPageWithoutCheck = {
  selector: "Program:not(:has(CallExpression[callee.name='requirePageAccess']))",
  message: "An admin page calls requirePageAccess itself and passes the viewer to its data functions.",
};

// The floors of src/server (src/server/floors.mjs, docs/decisions/039-three-floors.md): the platform
// imports no feature; a feature reaches another only through its index.ts; only the runtime wires
// features together, and nothing under src/server imports it. Every folder not named a floor is a feature.
const server = (name) => `./src/server/${name}`;
const FEATURES = fs
  .readdirSync(new URL("./src/server", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== RUNTIME && !PLATFORM.includes(entry.name))
  .map((entry) => entry.name);
const floorZones = [
  {
    target: PLATFORM.map(server),
    from: "./src/server",
    except: PLATFORM.map((name) => `./${name}`),
    message:
      "The platform (src/server/floors.mjs) imports no feature and not the runtime: a feature hands it what it needs (a hook the runtime registers, a job; docs/decisions/039-three-floors.md).",
  },
  ...FEATURES.map((feature) => ({
    target: server(feature),
    from: FEATURES.filter((other) => other !== feature).map(server),
    except: ["./index.ts"],
    message: "A feature reaches another feature only through its index.ts (src/server/floors.mjs).",
  })),
  {
    target: [...PLATFORM, ...FEATURES].map(server),
    from: server(RUNTIME),
    message:
      "Only src/server/runtime wires features together: neither a feature nor the platform imports it (src/server/floors.mjs).",
  },
];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    ".data/**",
    "node_modules/**",
    "next-env.d.ts",
    "test-results/**",
    "playwright-report/**",
  ]),
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Every schema takes `z` from src/lib/validation.ts, which installs the plain-English error map once.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/lib/validation.ts", "src/lib/validation-messages.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "zod", message: "Import z from @/lib/validation (it carries the app's validation messages)." },
          ],
        },
      ],
    },
  },
  {
    // Configuration is read and validated once, in src/lib/env.ts.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/lib/env.ts", "src/instrumentation.ts", "src/**/*.test.ts", "src/**/*.test.tsx"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through src/lib/env.ts." },
      ],
    },
  },
  // The layers (docs/architecture.md): what the browser loads never reaches the server or the
  // database; src/lib and src/features are shared by both and import neither; pages, layouts and route
  // handlers read data through src/server, never through src/db.
  {
    files: ["src/**/*.{ts,tsx,mjs}"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: ["./src/components", "./src/hooks"],
              from: ["./src/server", "./src/db"],
              message: "Components and hooks run in the browser: import what they share from src/features.",
            },
            {
              target: ["./src/lib", "./src/features"],
              from: ["./src/server", "./src/db"],
              message:
                "src/lib and src/features are shared with the browser: they import neither src/server nor src/db.",
            },
            {
              target: "./src/app",
              from: "./src/db",
              message: "Pages, layouts and route handlers read and write through src/server/<feature>, never src/db.",
            },
            ...floorZones,
          ],
        },
      ],
    },
  },
  {
    files: ["src/components/**/*.tsx"],
    ignores: ["src/components/ui/native-select.tsx"],
    rules: { "no-restricted-syntax": ["error", disabledWhilePending, destructiveToastByHand, rawSelect] },
  },
  {
    files: ["src/components/**/*.ts", "src/hooks/**/*.ts"],
    ignores: ["src/hooks/use-toast.ts", "src/**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", destructiveToastByHand] },
  },
  {
    // A client component under src/app is browser code too.
    files: ["src/app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": ["error", clientImportsServer, disabledWhilePending, destructiveToastByHand, rawSelect],
    },
  },
  {
    // Every admin page checks its viewer itself and hands it to the data functions: the
    // layout's check alone leaves a page open once it is moved out of the group.
    files: ["src/app/**/admin/**/page.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        clientImportsServer,
        adminPageWithoutCheck,
        disabledWhilePending,
        destructiveToastByHand,
        rawSelect,
      ],
    },
  },
  {
    // Every server module says so, so that a browser bundle that reaches one fails to build.
    files: ["src/server/**/*.{ts,tsx}"],
    ignores: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Program:not(:has(> ImportDeclaration[source.value='server-only']))",
          message: 'A module under src/server starts with import "server-only".',
        },
      ],
    },
  },
  {
    files: ["**/*.{ts,tsx,mjs,mts,js}"],
    plugins: { house },
    rules: { "house/comments-in-place": "error" },
  },
  // Layout is Prettier's (.prettierrc.json, checked in the lint step): no stylistic rule may disagree with it.
  prettier,
]);
