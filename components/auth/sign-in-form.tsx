"use client";

import { useActionState, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { signInWithPassword, type SignInState } from "@/lib/auth/actions/sign-in";
import { FormError } from "@/components/ui/form-error";

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
          className="mt-5 rounded-md border border-info/30 bg-info/5 px-3 py-2.5 text-[13px]"
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 id="demo-sign-in" className="font-medium text-foreground">
                Demo sign-in
              </h2>
              <p className="mt-0.5 text-muted-foreground [overflow-wrap:anywhere]">
                Email <code className="font-mono text-foreground">{demo.email}</code>, password{" "}
                <code className="font-mono text-foreground">{demo.password}</code>
              </p>
            </div>
          </div>
          <Button type="button" variant="outline" size="sm" className="mt-2" onClick={fillDemo}>
            Fill in the demo account
          </Button>
        </section>
      ) : null}
      <form action={action} className="mt-5 space-y-4">
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        <FormError message={state.error} />
        <div className="grid gap-1.5">
          <Label htmlFor="sign-in-email">Email</Label>
          <Input
            ref={email}
            id="sign-in-email"
            name="email"
            type="email"
            autoComplete="username"
            required
            defaultValue={state.email}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="sign-in-password">Password</Label>
          <Input
            ref={password}
            id="sign-in-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
        </div>
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? "Signing in…" : "Sign in"}
        </Button>
      </form>
    </>
  );
}
