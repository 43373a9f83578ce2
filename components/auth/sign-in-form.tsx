"use client";

import { useActionState, useRef } from "react";
import { signInWithPassword, type SignInState } from "@/lib/auth/actions/sign-in";
import { FormError } from "./form-error";
import { inputClass, labelClass, primaryButtonClass } from "./styles";

interface Props {
  callbackUrl: string;
  initialError?: string;
  demo?: { email: string; password: string };
}

export function SignInForm({ callbackUrl, initialError, demo }: Props) {
  const [state, action, pending] = useActionState<SignInState, FormData>(signInWithPassword, {
    error: initialError,
  });
  const email = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);

  function fillDemo() {
    if (!demo || !email.current || !password.current) return;
    email.current.value = demo.email;
    password.current.value = demo.password;
    password.current.focus();
  }

  return (
    <>
      {demo ? (
        <section
          aria-labelledby="demo-sign-in"
          className="mt-4 rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-950 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-100"
        >
          <h2 id="demo-sign-in" className="font-medium">
            Demo sign-in
          </h2>
          <p className="mt-1 break-all">
            Email <code>{demo.email}</code>, password <code>{demo.password}</code>
          </p>
          <button
            type="button"
            onClick={fillDemo}
            className="mt-2 rounded-md border border-blue-300 px-2 py-1 text-sm font-medium hover:bg-blue-100 dark:border-blue-800 dark:hover:bg-blue-900"
          >
            Fill in the demo account
          </button>
        </section>
      ) : null}
      <form action={action} className="mt-4 space-y-4">
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        <FormError message={state.error} />
        <div>
          <label htmlFor="sign-in-email" className={labelClass}>
            Email
          </label>
          <input
            ref={email}
            id="sign-in-email"
            name="email"
            type="email"
            autoComplete="username"
            required
            defaultValue={state.email}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="sign-in-password" className={labelClass}>
            Password
          </label>
          <input
            ref={password}
            id="sign-in-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className={inputClass}
          />
        </div>
        <button type="submit" disabled={pending} className={`${primaryButtonClass} w-full`}>
          {pending ? "Signing in…" : "Sign in"}
        </button>
      </form>
    </>
  );
}
