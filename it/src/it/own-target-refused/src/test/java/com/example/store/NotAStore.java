package com.example.store;

/** A class of the project's tests that is no store. */
public class NotAStore {
}
